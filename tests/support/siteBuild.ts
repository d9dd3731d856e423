/**
 * The production build of the site, made once for every end-to-end file of a run: files running at
 * once wait for the one building (a lock directory), and a build of the same sources is reused.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { treeDigest } from './treeDigest';

const INPUTS = ['src/web', 'src/core', 'src/generated', 'vite.config.ts', 'package-lock.json'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds `dist/` unless a build of the same sources is there; returns the directory. */
export async function siteBuild(): Promise<string> {
  const dist = join(ROOT, 'dist');
  const marker = join(ROOT, 'node_modules', '.cache', 'podium-site-build');
  const lock = `${marker}.lock`;
  const wanted = treeDigest(INPUTS);
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  for (;;) {
    if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted && existsSync(dist)) return dist;
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 300_000) rmSync(lock, { recursive: true, force: true });
      await sleep(300);
      continue;
    }
    try {
      rmSync(marker, { force: true });
      const build = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
        {
          cwd: ROOT,
          encoding: 'utf8',
          // Vitest sets NODE_ENV=test, which would give React's development build: build what ships.
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
      if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
      writeFileSync(marker, wanted);
      return dist;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
