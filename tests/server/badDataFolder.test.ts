import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { openDatabase } from '../../src/server/store/database';
import { MessageLog } from '../../src/server/store/messageLog';
import { operatorEnv } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

/**
 * Issue 24 item 5: `npm start` on a data folder it cannot use prints one line, `podium: <folder>:
 * <cause>`, and exits 1, without a stack trace. The real start command as a child process, each bad
 * folder made for real (the database ones from a real store).
 */
const LAUNCHER = join(ROOT, 'bin/podium.mjs');
// The compiled start, as npm start runs it: built before the folders are tried.
beforeAll(() => siteBuild(), 300_000);
const work = mkdtempSync(join(tmpdir(), 'podium-bad-data-'));
afterAll(() => {
  if (existsSync(join(work, 'read-only'))) chmodSync(join(work, 'read-only'), 0o755);
  rmSync(work, { recursive: true, force: true });
});

/** A real store with enough rows to span many pages, closed; returns its database file. */
function realStore(name: string): string {
  const dir = join(work, name);
  const db = openDatabase(dir);
  const log = new MessageLog(db);
  for (let i = 0; i < 1000; i += 1)
    log.record({ source: 'test', outcome: 'rejected', size: 1000, body: Buffer.alloc(1000, i) });
  db.close();
  return join(dir, 'podium.sqlite');
}

const CASES: [string, RegExp, () => string][] = [
  [
    'the folder is a file',
    /is a file, not a folder$/,
    () => {
      const path = join(work, 'a-file');
      writeFileSync(path, 'not a folder');
      return path;
    },
  ],
  [
    'a folder above it is a file',
    /file-above is a file, not a folder$/,
    () => {
      writeFileSync(join(work, 'file-above'), 'not a folder');
      return join(work, 'file-above', 'data');
    },
  ],
  [
    'its database file is a folder',
    /podium\.sqlite in it is a folder/,
    () => {
      mkdirSync(join(work, 'db-is-folder', 'podium.sqlite'), { recursive: true });
      return join(work, 'db-is-folder');
    },
  ],
  [
    'its database file is not SQLite (garbage bytes)',
    /podium\.sqlite in it is not a database/,
    () => {
      mkdirSync(join(work, 'garbage'));
      writeFileSync(
        join(work, 'garbage', 'podium.sqlite'),
        Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) & 0xff)),
      );
      return join(work, 'garbage');
    },
  ],
  [
    'its database file is truncated',
    /damaged/,
    () => {
      const file = realStore('truncated');
      truncateSync(file, Math.floor(statSync(file).size / 2) + 100);
      return join(work, 'truncated');
    },
  ],
  [
    'its database file has damaged pages',
    /damaged/,
    () => {
      const file = realStore('damaged');
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(4 * 4096, 0xa5), 0, 4 * 4096, 3 * 4096);
      closeSync(fd);
      return join(work, 'damaged');
    },
  ],
  [
    'its database is from a newer Podium',
    /schema version 999, newer than this Podium knows/,
    () => {
      const dir = join(work, 'newer');
      const db = openDatabase(dir);
      db.pragma('user_version = 999');
      db.close();
      return dir;
    },
  ],
];

/** Runs `npm start`'s command on `folder`; a start that does serve is stopped by the timeout. */
function start(folder: string, user?: { uid: number; gid: number }) {
  return spawnSync(process.execPath, [LAUNCHER, 'start'], {
    cwd: ROOT,
    ...user,
    encoding: 'utf8',
    timeout: 30_000,
    env: operatorEnv({
      PODIUM_DATA: folder,
      PORT: '18430',
      HOST: '127.0.0.1',
      PODIUM_WORKERS: '1',
      PODIUM_DEMO: '0',
    }),
  });
}

function expectOneLine(folder: string, user?: { uid: number; gid: number }) {
  const result = start(folder, user);
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.startsWith(`podium: ${folder}: `)).toBe(true);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

describe('npm start on a bad data folder', () => {
  it.each(CASES)(
    '%s: one line naming the folder and its cause, exit 1',
    (_name, cause, make) => {
      expect(expectOneLine(make())).toMatch(cause);
    },
    40_000,
  );

  // A folder nothing can be created in, even by root: procfs refuses new files to everyone.
  it.skipIf(!existsSync('/proc/self'))(
    'a folder nothing can be created in (/proc/self): one line, exit 1',
    () => {
      expect(expectOneLine('/proc/self')).toMatch(/not writable/);
    },
    40_000,
  );

  // Root writes through any mode bits: as root, the service is started as nobody (65534), as a
  // deployment runs it, so the folder's mode is what refuses it. That needs a project nobody can
  // read (a clone under a private home is not): then only /proc/self above stands for this case.
  const asRoot = process.getuid?.() === 0;
  const nobody = { uid: 65534, gid: 65534 };
  const nobodyReads =
    asRoot &&
    spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(LAUNCHER)})`], { ...nobody })
      .status === 0;
  it.runIf(!asRoot || nobodyReads)(
    'a read-only folder: one line, exit 1 (as root: started as nobody, when nobody can read the project)',
    () => {
      const dir = join(work, 'read-only');
      mkdirSync(dir);
      chmodSync(dir, 0o555);
      if (asRoot) chmodSync(work, 0o755);
      expect(expectOneLine(dir, asRoot ? nobody : undefined)).toMatch(/not writable/);
    },
    40_000,
  );
});
