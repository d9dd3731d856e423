/**
 * The production build (dist/client and dist/server), as `npm run build` makes it, for every
 * end-to-end file of a run: kept when it was made from the sources as they are (scripts/build/
 * freshness.mjs), built otherwise. Files asking at once wait for one build (the build's own lock).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { partState } from '../../scripts/build/freshness.mjs';

/** Builds `dist/` unless a build of the same sources is there; returns the directory. */
export async function siteBuild(): Promise<string> {
  const dist = join(ROOT, 'dist');
  if (partState(ROOT, 'client') === 'current' && partState(ROOT, 'server') === 'current') return dist;
  const output: Buffer[] = [];
  const status = await new Promise<number | null>((resolve) => {
    const build = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/build/main.ts')],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    build.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    build.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    build.once('close', resolve);
  });
  if (status !== 0) throw new Error(`npm run build failed:\n${Buffer.concat(output).toString()}`);
  return dist;
}
