/**
 * `npm run build`: codegen, then each part of dist/ whose sources changed since it was built: the
 * site's browser bundle (vite, dist/client) and the compiled service (esbuild, dist/server). A part
 * made from the sources as they are is kept (freshness.mjs); `--force` rebuilds both. Builds started
 * at once (two commands, test files) wait for one another and build once.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, partDir, partState, stampPart } from './freshness.mjs';
import { buildServer } from './serverBuild';
import { ROOT } from '../../codegen/paths';
import { oneOf, readCommand } from '../../src/server/cli/args';

const PARTS = ['client', 'server'] as const;
type Part = (typeof PARTS)[number];

const BUILD = {
  script: 'build',
  summary: 'Codegen, then the parts of dist/ whose sources changed: the site (vite) and the service (esbuild).',
  flags: {
    force: { type: 'boolean', description: 'rebuild every part, current or not' },
    part: { type: 'string', value: 'PART', description: 'only this part: client or server', parse: oneOf(PARTS) },
  },
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds dist/.build.lock while `work` runs. The lock names its process: a lock whose process is gone
 * (a killed build, or a lock copied with the folder) is taken over at once.
 */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(ROOT, 'dist', '.build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (ownerGone(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(300);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the lock's process has ended (a lock just made, with no pid written yet, is held). */
function ownerGone(lock: string): boolean {
  const file = join(lock, 'pid');
  const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function run(step: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`build: ${step} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

async function buildPart(part: Part): Promise<string> {
  // Taken before building: a source edited while the build runs leaves the part stale, not stamped current.
  const sources = fingerprint(ROOT, part);
  if (part === 'client') {
    // Vitest and other callers may set NODE_ENV: the bundle that ships is React's production build.
    run('vite build', [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      ...process.env,
      NODE_ENV: 'production',
    });
    stampPart(ROOT, part, sources);
    return 'dist/client';
  }
  const { files, bytes } = await buildServer(ROOT, partDir(ROOT, 'server'));
  stampPart(ROOT, part, sources);
  return `dist/server (${files} files, ${(bytes / 1024).toFixed(0)} KB)`;
}

const { force, part } = readCommand(BUILD).flags;
const parts: readonly Part[] = part === undefined ? PARTS : [part];
await locked(async () => {
  run('codegen', [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'codegen/main.ts')]);
  for (const part of parts) {
    const state = partState(ROOT, part);
    if (state === 'current' && !force) {
      console.error(`build: ${part}: current`);
      continue;
    }
    const started = performance.now();
    const made = await buildPart(part);
    console.error(`build: ${part} (${state}): ${made} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
});
