import type { Db } from './store/database';

/** One correction to a delegation's medal counts: added to what the medallists give (may be negative). */
export interface MedalCorrection {
  organisation: string;
  gold: number;
  silver: number;
  bronze: number;
}

export interface RowError {
  /** 1-based row of the file (the CSV header is row 1; JSON items count from 1). */
  row: number;
  message: string;
}

const ORGANISATION = /^[A-Z0-9]{2,10}$/;
const COUNT_LIMIT = 500;

function parseCsv(text: string): { rows: Record<string, string>[]; offset: number } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const rows = lines.slice(1).map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
  return { rows, offset: 2 };
}

/** Parses and validates a whole import; corrections only when every row is valid. */
export function parseMedalImport(
  body: string,
  contentType: string,
): { corrections: MedalCorrection[]; errors: RowError[] } {
  let rows: Record<string, unknown>[];
  let offset = 1;
  if (/json/.test(contentType) || /^\s*[[{]/.test(body)) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (error) {
      return { corrections: [], errors: [{ row: 0, message: `not valid JSON: ${(error as Error).message}` }] };
    }
    const list = Array.isArray(data) ? data : (data as { rows?: unknown })?.rows;
    if (!Array.isArray(list))
      return { corrections: [], errors: [{ row: 0, message: 'expected a JSON array of rows (or { "rows": [...] })' }] };
    rows = list as Record<string, unknown>[];
  } else {
    const csv = parseCsv(body);
    const header = body.split(/\r?\n/, 1)[0]?.toLowerCase() ?? '';
    if (!/organisation/.test(header)) {
      return {
        corrections: [],
        errors: [{ row: 1, message: 'the CSV header must name organisation,gold,silver,bronze' }],
      };
    }
    rows = csv.rows;
    offset = csv.offset;
  }
  if (rows.length === 0) return { corrections: [], errors: [{ row: 0, message: 'the import has no rows' }] };
  const errors: RowError[] = [];
  const corrections: MedalCorrection[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + offset;
    const organisation = String((raw as Record<string, unknown>)?.organisation ?? '').trim();
    const problems: string[] = [];
    if (!ORGANISATION.test(organisation)) problems.push(`organisation "${organisation}" is not a delegation code`);
    else if (seen.has(organisation)) problems.push(`organisation ${organisation} appears twice`);
    seen.add(organisation);
    const counts: Record<string, number> = {};
    for (const kind of ['gold', 'silver', 'bronze'] as const) {
      const value = String((raw as Record<string, unknown>)?.[kind] ?? '').trim();
      const number = Number(value);
      if (!/^-?\d+$/.test(value) || Math.abs(number) > COUNT_LIMIT)
        problems.push(`${kind} "${value}" is not a whole number within ±${COUNT_LIMIT}`);
      counts[kind] = number;
    }
    if (problems.length > 0) errors.push({ row, message: problems.join('; ') });
    else corrections.push({ organisation, gold: counts.gold!, silver: counts.silver!, bronze: counts.bronze! });
  });
  return errors.length > 0 ? { corrections: [], errors } : { corrections, errors };
}

/** Records an import and applies its corrections, all or nothing; returns the import's id. */
export function applyMedalImport(db: Db, corrections: readonly MedalCorrection[], source: string): number {
  return db.transaction(() => {
    const id = Number(
      db
        .prepare('INSERT INTO medal_imports (received_at, source, rows) VALUES (?, ?, ?)')
        .run(new Date().toISOString(), source, JSON.stringify(corrections)).lastInsertRowid,
    );
    const upsert = db.prepare(
      `INSERT INTO medal_corrections (organisation, gold, silver, bronze, import_id) VALUES (@organisation, @gold, @silver, @bronze, @id)
       ON CONFLICT (organisation) DO UPDATE SET gold = excluded.gold, silver = excluded.silver, bronze = excluded.bronze, import_id = excluded.import_id`,
    );
    for (const c of corrections) upsert.run({ ...c, id });
    return id;
  })();
}
