#!/usr/bin/env node
/**
 * `node bin/podium.mjs <command> [arguments]` (what `npm start` and the operators' npm commands run):
 * the compiled service in production mode. When dist/ is missing or was built from other sources, it
 * is built first (`npm run build`, which only a full install can do), so a fresh checkout or an
 * updated one never serves yesterday's client. Plain JavaScript: it runs where TypeScript is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { partDir, partState } from '../scripts/build/freshness.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** The commands, by the compiled entry they run (scripts/build/serverBuild.ts SERVER_ENTRIES). */
const COMMANDS = {
  start: 'start',
  ingest: 'ingest',
  export: 'export',
  'correct-version': 'correctVersion',
  messages: 'messages',
  coverage: 'coverage',
  demo: 'demo',
  'demo:coverage': 'demoCoverage',
};

const [command, ...args] = process.argv.slice(2);
const entry = command === undefined ? undefined : COMMANDS[command];
if (entry === undefined) {
  console.error(`usage: podium <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(2);
}

const stale = ['client', 'server'].filter((part) => partState(ROOT, part) !== 'current');
if (stale.length > 0) {
  const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  if (!existsSync(tsx) || !existsSync(join(ROOT, 'node_modules/vite'))) {
    console.error(
      `podium: the build in dist/ (${stale.join(', ')}) is missing or older than the sources, and this ` +
        'installation has no build tools (installed with --omit=dev): run `npm ci && npm run build`, then ' +
        '`npm prune --omit=dev` if you want a production install',
    );
    process.exit(1);
  }
  console.error(`podium: building ${stale.join(' and ')} (the sources changed since dist/ was built) ...`);
  const build = spawnSync(process.execPath, [tsx, join(ROOT, 'scripts/build/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The compiled entry runs as if started itself: its arguments, and forked server processes
// (node:cluster runs process.argv[1] again) start on it directly.
const file = join(partDir(ROOT, 'server'), `${entry}.js`);
process.argv = [process.argv[0], file, ...args];
try {
  await import(pathToFileURL(file).href);
} catch (error) {
  // A store that cannot be used (src/server/store/dataFolderError.ts) is the operator's to put
  // right, whatever the command: one line, no stack trace.
  if (error?.name !== 'DataFolderError') throw error;
  console.error(`podium: ${error.message}`);
  process.exit(1);
}
