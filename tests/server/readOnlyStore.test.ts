/**
 * Issue 46 part 6, item 2: a store Podium cannot write (its podium.sqlite, or the -wal and -shm a
 * process of another user left beside it, belong to someone else) is found when it is opened: `npm
 * start` prints one line, `podium: <folder>: <cause>`, and exits 1, instead of a stack trace from the
 * first write. SQLite opens a file it cannot write read-only without a word, so the folder being
 * writable proves nothing. As root (CI), whom no mode bit stops, the command runs as nobody (65534)
 * on a store root made, or as root without its capabilities where nobody cannot read the project;
 * otherwise the store is made read-only by its mode.
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { openDatabase, DataFolderError } from '../../src/server/store/database';
import { MessageLog } from '../../src/server/store/messageLog';
import { operatorEnv } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

const LAUNCHER = join(ROOT, 'bin/podium.mjs');
const asRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };
/** As root, nobody must be able to read the project (a clone under a private home is not). */
const nobodyReadsProject =
  asRoot &&
  spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(LAUNCHER)})`], NOBODY).status === 0;
/** Whom the command runs as: nobody when this is root and nobody can read the project. */
const user = nobodyReadsProject ? NOBODY : undefined;
/**
 * Else, as root, root without its capabilities (util-linux's setpriv): a file's mode bits then bind
 * it as they bind any owner, so a file root made read-only is one it cannot write.
 */
const prefix = asRoot && !user ? ['setpriv', '--bounding-set=-all', '--inh-caps=-all', '--'] : [];
/** Spawns `args` (a program and its arguments) as the user the test runs commands as. */
const spawnAsUser = (args: string[], options: SpawnSyncOptionsWithStringEncoding) =>
  spawnSync(prefix[0] ?? args[0]!, [...prefix.slice(1), ...(prefix.length ? args : args.slice(1))], {
    ...options,
    ...user,
  });

const work = mkdtempSync(join(tmpdir(), 'podium-read-only-'));
chmodSync(work, 0o755);
beforeAll(() => siteBuild(), 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A real store with rows in its message log, made and closed by this process (root in CI). */
function storeOf(name: string): string {
  const dir = join(work, name);
  const db = openDatabase(dir);
  const log = new MessageLog(db);
  for (let i = 0; i < 20; i += 1)
    log.record({ source: 'test', outcome: 'rejected', size: 100, body: Buffer.alloc(100, i) });
  db.close();
  return dir;
}

/** Gives a folder (not its files) to the user the command runs as: it may create files in it. */
function folderOfUser(dir: string): void {
  if (user) chownSync(dir, user.uid, user.gid);
  else chmodSync(dir, 0o755);
}

/** The command as an operator runs it, as `user`. */
function run(command: string, args: string[], folder: string) {
  return spawnAsUser([process.execPath, LAUNCHER, command, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: operatorEnv({
      PODIUM_DATA: folder,
      PORT: '18431',
      HOST: '127.0.0.1',
      PODIUM_WORKERS: '1',
      PODIUM_DEMO: '0',
    }),
  });
}

function expectOneLine(command: string, args: string[], folder: string): string {
  const result = run(command, args, folder);
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]!.startsWith(`podium: ${folder}: `), lines[0]).toBe(true);
  expect(result.stderr).not.toMatch(/^\s+at |SqliteError|MessageLog/m);
  return lines[0]!;
}

describe('a store Podium cannot write', () => {
  it('its podium.sqlite belongs to another user (made by `sudo npm run ingest`): one line naming it, exit 1', () => {
    const dir = storeOf('file-of-another');
    folderOfUser(dir);
    chmodSync(join(dir, 'podium.sqlite'), 0o444);
    const line = expectOneLine('start', [], dir);
    expect(line).toMatch(/podium\.sqlite/);
    expect(line).toMatch(/not writable/);
  }, 120_000);

  it('the -wal and -shm beside it belong to another user (a process of theirs was killed): one line naming them, exit 1', () => {
    const dir = storeOf('wal-of-another');
    // A process that writes and dies without closing leaves its -wal and -shm.
    const left = spawnSync(process.execPath, [
      '-e',
      `const db = new (require(${JSON.stringify(join(ROOT, 'node_modules/better-sqlite3'))}))(${JSON.stringify(join(dir, 'podium.sqlite'))});
         db.prepare("INSERT INTO meta (key, value) VALUES ('left', 'behind')").run(); process.exit(0);`,
    ]);
    expect(left.status, left.stderr?.toString()).toBe(0);
    expect(existsSync(join(dir, 'podium.sqlite-wal'))).toBe(true);
    folderOfUser(dir);
    if (user) chownSync(join(dir, 'podium.sqlite'), user.uid, user.gid);
    for (const file of ['podium.sqlite-wal', 'podium.sqlite-shm']) chmodSync(join(dir, file), 0o444);
    const line = expectOneLine('start', [], dir);
    expect(line).toMatch(/podium\.sqlite-(wal|shm)/);
    expect(line).toMatch(/not writable/);
  }, 120_000);

  it('openDatabase refuses it with a DataFolderError, not a later SQLITE_READONLY (every command opens it so)', () => {
    const dir = storeOf('opened-in-process');
    folderOfUser(dir);
    chmodSync(join(dir, 'podium.sqlite'), 0o444);
    // Opened in a process of the user, from the sources.
    const script = join(work, 'open.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(join(ROOT, 'src/server/store/database.ts'))};
       try { openDatabase(${JSON.stringify(dir)}); console.log('opened'); }
       catch (error) { console.log(error.name + ': ' + error.message); }`,
    );
    const opened = spawnAsUser([process.execPath, join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, HOME: work },
    });
    expect(opened.stdout.trim(), opened.stderr).toMatch(
      new RegExp(`^${DataFolderError.name}: ${dir}: is not writable.*podium\\.sqlite`),
    );
  }, 60_000);
});
