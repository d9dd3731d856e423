import { medalTally, type Medallist } from './derive/medals';
import type { Db } from './store/database';
import type { DocumentStore } from './store/documents';

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

/**
 * Rows of a CSV file as spreadsheets export it (RFC 4180): fields in double quotes may hold commas,
 * line breaks and doubled quotes; a UTF-8 byte-order mark and blank lines are ignored.
 */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      record.push(field.trim());
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field.trim());
      if (record.some((cell) => cell !== '')) records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  record.push(field.trim());
  if (record.some((cell) => cell !== '')) records.push(record);
  return records;
}

function parseCsv(text: string): { header: string[]; rows: Record<string, string>[]; offset: number } {
  const [head = [], ...body] = csvRecords(text);
  const header = head.map((h) => h.toLowerCase());
  const rows = body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  return { header, rows, offset: 2 };
}

/** What an import is checked against: the games' delegations and the medals they hold already. */
export interface ImportContext {
  readonly delegations: ReadonlySet<string>;
  /** Medals of each colour a delegation has from the medallists, before any correction. */
  readonly fromMedallists: (organisation: string) => { gold: number; silver: number; bronze: number };
  /** The most medals of one colour a delegation can hold (twice the games' events: ties, two bronzes). */
  readonly maxPerColour: number;
}

/** Errors listed in full; past this many, one line says how many more rows have errors. */
const ERRORS_LISTED = 100;

/** Parses and validates a whole import; corrections only when every row is valid. */
export function parseMedalImport(
  body: string,
  contentType: string,
  context: ImportContext,
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
    if (!csv.header.includes('organisation')) {
      return {
        corrections: [],
        errors: [{ row: 1, message: 'the CSV header must name organisation,gold,silver,bronze' }],
      };
    }
    rows = csv.rows;
    offset = csv.offset;
  }
  if (rows.length === 0) return { corrections: [], errors: [{ row: 0, message: 'the import has no rows' }] };
  if (rows.length > context.delegations.size)
    return {
      corrections: [],
      errors: [
        {
          row: 0,
          message: `the import has ${rows.length} rows; these games have ${context.delegations.size} delegations, each at most once`,
        },
      ],
    };
  const errors: RowError[] = [];
  const corrections: MedalCorrection[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + offset;
    const organisation = String((raw as Record<string, unknown>)?.organisation ?? '').trim();
    const problems: string[] = [];
    if (!ORGANISATION.test(organisation)) problems.push(`organisation "${organisation}" is not a delegation code`);
    else if (!context.delegations.has(organisation))
      problems.push(`organisation ${organisation} is not a delegation of these games`);
    else if (seen.has(organisation)) problems.push(`organisation ${organisation} appears twice`);
    seen.add(organisation);
    const counts: Record<string, number> = {};
    const held = context.fromMedallists(organisation);
    const limit = context.maxPerColour;
    for (const kind of ['gold', 'silver', 'bronze'] as const) {
      const value = String((raw as Record<string, unknown>)?.[kind] ?? '').trim();
      const number = Number(value);
      if (!/^-?\d+$/.test(value) || Math.abs(number) > limit) {
        problems.push(`${kind} "${value}" is not a whole number within ±${limit}`);
        continue;
      }
      counts[kind] = number;
      // A correction is added to what the medallists give: the count shown must stay possible.
      const shown = held[kind] + number;
      if (shown < 0)
        problems.push(`${kind} ${number} would leave ${held[kind]} ${kind} from the medallists at ${shown}`);
      else if (shown > limit)
        problems.push(`${kind} ${number} would make ${shown} ${kind}, more than ${limit} (twice the games' events)`);
    }
    if (problems.length > 0) errors.push({ row, message: problems.join('; ') });
    else corrections.push({ organisation, gold: counts.gold!, silver: counts.silver!, bronze: counts.bronze! });
  });
  if (errors.length > ERRORS_LISTED) {
    const more = errors.length - ERRORS_LISTED;
    errors.splice(ERRORS_LISTED, more, { row: 0, message: `and ${more} more rows with errors` });
  }
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

/**
 * The context of an import from the store: the delegations of the common code table, the medals of
 * MEDALLISTS/ALL, and twice the events of the discipline tree (500 before a schedule is loaded).
 */
export function importContext(store: DocumentStore): ImportContext {
  const organisations = store.json<{ Result: { Items: { Id: string }[] } }>('COMMON_CODE', 'organisation');
  const tree = store.json<{ Result: { Items: { Events?: unknown[] }[] } }>('COMMON_CODE', 'disciplineTree');
  const medallists = store.json<{ medallists: Medallist[] }>('MEDALLISTS', 'ALL')?.medallists ?? [];
  const tally = new Map(medalTally(medallists).map((row) => [row.organisation, row]));
  const events = (tree?.Result.Items ?? []).reduce((n, item) => n + (item.Events?.length ?? 0), 0);
  return {
    delegations: new Set((organisations?.Result.Items ?? []).map((item) => item.Id)),
    fromMedallists: (organisation) => tally.get(organisation) ?? { gold: 0, silver: 0, bronze: 0 },
    maxPerColour: events > 0 ? 2 * events : 500,
  };
}
