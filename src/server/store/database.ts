import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

/** Opens (or creates) the store in `dataDir` and brings its schema up to date. */
export function openDatabase(dataDir: string | ':memory:'): Db {
  let db: Db;
  if (dataDir === ':memory:') {
    db = new Database(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, 'podium.sqlite'));
    // First, so that every statement after it (switching to WAL included) waits for another
    // process's write instead of failing with "database is locked".
    db.pragma('busy_timeout = 10000');
    enableWal(db);
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 10000');
  // Fail early and clearly on a file that is not a database, rather than at the first query.
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error(`the database in ${dataDir} is damaged (quick_check: ${String(check)})`);
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
