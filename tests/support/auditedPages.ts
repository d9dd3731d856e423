import type { Database } from 'better-sqlite3';

/**
 * The pages the site's budgets are audited on (bench:lighthouse, the texts of their tables): the
 * schedule, the medal table, a swimming final, a finished basketball game and the biggest field.
 */
export function auditedUnits(db: Database): { swimming: string; basketball: string; marathon: string } {
  const one = (sql: string) => (db.prepare(sql).get() as { code: string } | undefined)?.code ?? '';
  const swimming = one(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE 'SWM%FNL-%' AND status = 'OFFICIAL' ORDER BY code LIMIT 1",
  );
  // A finished game: its result carries the box score the statistics tab draws.
  const basketball = one(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE 'BKB%' AND status = 'OFFICIAL' ORDER BY code LIMIT 1",
  );
  const marathon = one(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' ORDER BY length(body) DESC LIMIT 1",
  );
  return { swimming, basketball, marathon };
}

/** The audited pages by name, with their paths. */
export function auditedPages(db: Database): [name: string, path: string][] {
  const { swimming, basketball, marathon } = auditedUnits(db);
  return [
    ['schedule', '/schedule/total'],
    ['medal ranking', '/medal/ranking'],
    ['swimming final', `/${swimming}`],
    ['basketball game', `/${basketball}`],
    ['marathon (5,200 rows)', `/${marathon}`],
  ];
}
