/**
 * Podium's commands run as an operator runs them: `node bin/podium.mjs <command>`, what `npm start`
 * and `npm run <command>` run (the compiled build in production mode, built first when stale).
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';

/**
 * The environment of a command: this process's, without NODE_ENV (vitest sets it to `test`; an
 * operator's shell has none, and the build's entries default it to production).
 */
export const operatorEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: undefined,
  ...env,
});

/** Runs a command to its end (`ingest`, `export` ...) in the project at `cwd`. */
export function podium(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [join(cwd, 'bin/podium.mjs'), command, ...args], {
    cwd,
    encoding: 'utf8',
    env: operatorEnv(env),
    timeout: 600_000,
  });
}

export interface RunningPodium {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly pid: number;
  log(): string;
  /** Calls `listener` with what the service prints from now on. */
  onOutput(listener: (text: string) => void): void;
  stop(): Promise<void>;
  /** SIGKILL to every process of the service at once (its primary and servers), as a crash would. */
  crash(): Promise<void>;
}

/**
 * `npm start` on a free loopback port (two server processes unless `env` says otherwise); resolves
 * once it logs that it listens. `timeoutMs` covers a build when the project's dist/ is stale.
 */
export function startPodium(env: Record<string, string>, cwd = ROOT, timeoutMs = 60_000): Promise<RunningPodium> {
  const child = spawn(process.execPath, [join(cwd, 'bin/podium.mjs'), 'start'], {
    cwd,
    env: operatorEnv({ PORT: '0', HOST: '127.0.0.1', PODIUM_WORKERS: '2', ...env }),
    // Its own process group, so that `crash` reaches the cluster's servers too.
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    // Two processes, each with render and ingest threads that load every page module first: seconds
    // on a quiet 2-core machine, several times that while other test files run beside it.
    const timer = setTimeout(() => {
      // A service that did not start in time is stopped, not left running after the test.
      child.kill('SIGTERM');
      reject(new Error(`service did not start:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+\/)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!.replace('localhost', '127.0.0.1'),
        pid: child.pid!,
        log: () => output,
        onOutput: (listener) => {
          child.stdout.on('data', (chunk: Buffer) => listener(chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => listener(chunk.toString()));
        },
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        crash: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            process.kill(-child.pid!, 'SIGKILL');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
}
