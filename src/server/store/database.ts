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
    db.pragma('journal_mode = WAL');
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Fail early and clearly on a file that is not a database, rather than at the first query.
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error(`the database in ${dataDir} is damaged (quick_check: ${String(check)})`);
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the database is at schema version ${current}, newer than this Podium knows (${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
