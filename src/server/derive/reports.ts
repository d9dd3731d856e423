import type { Db } from '../store/database';
import type { DerivedDocument, Deriver } from './types';
import { disciplineRsc } from './odfRead';
import { REPORT_KINDS, reportUrl } from '../reports/types';

import type { ReportRow } from '../../../schemas/api';

/**
 * REPORT_LIST/ALL, per discipline (its RSC) and per unit (its RSC): the PDF reports, with doc type,
 * name, event or unit, code, last update and version (spec section 3 "Report list"); and
 * REPORT_COUNTS/ALL, how many of each type each discipline has (the games' list is paged from it).
 */
export const reportsDeriver: Deriver = {
  name: 'reports',
  inputs: ['table:reports', 'DT_RESULT'],
  owns: ['REPORT_LIST', 'REPORT_COUNTS'],
  build: ({ db }) => reportLists(db),
  // A new version of a result changes its unit's list, its discipline's and the games' (ALL), and
  // the counts when it adds a report (REPORT_COUNTS/ALL, written only when it changed).
  affected: (input, code) => (input === 'DT_RESULT' ? ['ALL', disciplineRsc(code), code] : undefined),
  buildPart: ({ db }, codes) => reportLists(db).filter((doc) => codes.has(doc.code)),
};

/** The results, without their bodies: read on every result message (store/migrations.ts 7 keeps it fast). */
export const RESULT_LISTING_SQL =
  "SELECT code, version, status, received_at FROM documents WHERE type = 'DT_RESULT' ORDER BY code";

/** Every report list: the games', each discipline's and each unit's. */
function reportLists(db: Db): DerivedDocument[] {
  const rows = (
    db.prepare('SELECT code, doc_type, file, name, version, updated_at FROM reports ORDER BY code, doc_type').all() as {
      code: string;
      doc_type: string;
      file: string;
      name: string;
      version: number;
      updated_at: string;
    }[]
  ).map((r): ReportRow => ({
    code: r.code,
    docType: r.doc_type,
    file: r.file,
    name: r.name,
    version: r.version,
    updatedAt: r.updated_at,
  }));
  // Every unit with a result document has its start list, an official one its results; every
  // sport with official results its result book. Rendered on first request (src/server/reports).
  const results = db.prepare(RESULT_LISTING_SQL).all() as {
    code: string;
    version: number;
    status: string | null;
    received_at: string;
  }[];
  const books = new Map<string, ReportRow>();
  for (const r of results) {
    rows.push({
      code: r.code,
      docType: 'C51',
      file: reportUrl(r.code, 'C51'),
      name: REPORT_KINDS.C51.ENG,
      version: r.version,
      updatedAt: r.received_at,
    });
    if (r.status !== 'OFFICIAL') continue;
    rows.push({
      code: r.code,
      docType: 'C73',
      file: reportUrl(r.code, 'C73'),
      name: REPORT_KINDS.C73.ENG,
      version: r.version,
      updatedAt: r.received_at,
    });
    const discipline = disciplineRsc(r.code);
    const book = books.get(discipline);
    if (!book || book.updatedAt < r.received_at) {
      books.set(discipline, {
        code: discipline,
        docType: 'C95',
        file: reportUrl(discipline, 'C95'),
        name: REPORT_KINDS.C95.ENG,
        version: 1,
        updatedAt: r.received_at,
      });
    }
  }
  rows.push(...books.values());
  const groups = new Map<string, ReportRow[]>([['ALL', rows]]);
  for (const row of rows) {
    for (const key of new Set([disciplineRsc(row.code), row.code])) {
      const list = groups.get(key) ?? [];
      list.push(row);
      groups.set(key, list);
    }
  }
  const lists = [...groups].map(([code, reports]): DerivedDocument => ({
    type: 'REPORT_LIST',
    code,
    body: { reports },
  }));
  return [...lists, reportCounts(rows)];
}

/** REPORT_COUNTS/ALL: each discipline's number of reports by type, in the order of its code. */
function reportCounts(rows: readonly ReportRow[]): DerivedDocument {
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const discipline = disciplineRsc(row.code);
    const reports = counts.get(discipline) ?? {};
    reports[row.docType] = (reports[row.docType] ?? 0) + 1;
    counts.set(discipline, reports);
  }
  const disciplines = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, reports]) => ({ code, reports }));
  return { type: 'REPORT_COUNTS', code: 'ALL', body: { disciplines } };
}
