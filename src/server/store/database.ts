import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations';
import { DATABASE_FILE, DataFolderError, whyNotOpened } from './dataFolderError';

export type Db = Database.Database;
export { DataFolderError };

/**
 * Opens (or creates) the store in `dataDir` and brings its schema up to date. A folder it cannot be
 * opened in (a file, not writable, a database file that is not one, damaged or too new, a store of
 * another user's that this one cannot write) is a DataFolderError with its cause in people's words.
 */
export function openDatabase(dataDir: string | ':memory:'): Db {
  if (dataDir === ':memory:') return prepare(new Database(':memory:'));
  let db: Db | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    // SQLite opens an existing file read-only in a folder it cannot write, and fails only later.
    accessSync(dataDir, constants.W_OK);
    db = new Database(join(dataDir, DATABASE_FILE));
    // First, so that every statement after it (switching to WAL included) waits for another
    // process's write instead of failing with "database is locked".
    db.pragma('busy_timeout = 10000');
    assertWritable(db, join(dataDir, DATABASE_FILE));
    enableWal(db);
    return prepare(db);
  } catch (error) {
    db?.close();
    throw new DataFolderError(dataDir, whyNotOpened(dataDir, error), error);
  }
}

/**
 * SQLite opens a database file it cannot write (another user's, or one beside another user's -wal and
 * -shm) read-only without a word, and fails at the first write, long after the open: root passes every
 * access check, so only a write says. Page 1 is written with the value it holds, in a transaction
 * rolled back: nothing changes. While another process holds the write lock (SQLITE_BUSY) the files'
 * modes answer instead: the open does not wait for a writer.
 */
function assertWritable(db: Db, file: string): void {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    db.exec('BEGIN IMMEDIATE');
    db.pragma(`user_version = ${version}`);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) accessSync(path, constants.W_OK);
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

function prepare(db: Db): Db {
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  // Fail early and clearly on a file that is not a database, rather than at the first query.
  const check = db.pragma('quick_check', { simple: true });
  // Its first findings only: a damaged file can have thousands.
  const findings = String(check).replace(/\s+/g, ' ');
  if (check !== 'ok')
    throw new Error(
      `${DATABASE_FILE} in it is damaged (quick_check: ${findings.slice(0, 200)}${findings.length > 200 ? ' ...' : ''})`,
    );
  migrate(db);
  return db;
}

/**
 * Switches the store to WAL once (the mode stays with the file). SQLite does not wait on its busy
 * handler while another process holds the lock during that switch, so two processes opening a new
 * store at once retry here, briefly, instead of failing with "database is locked".
 */
function enableWal(db: Db): void {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 100) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the database is at schema version ${current}, newer than this Podium knows (${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    // IMMEDIATE: the write lock first, then a second look, since another process opening the same
    // store at the same time may have migrated it meanwhile.
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) > version) return;
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
