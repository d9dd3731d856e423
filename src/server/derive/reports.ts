import type { DerivedDocument, Deriver } from './types';
import { disciplineRsc } from './odfRead';

export interface ReportRow {
  code: string;
  docType: string;
  file: string;
  name: string;
  version: number;
  updatedAt: string;
}

/**
 * REPORT_LIST/ALL, per discipline (its RSC) and per unit (its RSC): the PDF reports, with doc type,
 * name, event or unit, code, last update and version (spec section 3 "Report list").
 */
export const reportsDeriver: Deriver = {
  name: 'reports',
  inputs: ['table:reports'],
  owns: ['REPORT_LIST'],
  build({ db }) {
    const rows = (
      db
        .prepare('SELECT code, doc_type, file, name, version, updated_at FROM reports ORDER BY code, doc_type')
        .all() as {
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
    const groups = new Map<string, ReportRow[]>([['ALL', rows]]);
    for (const row of rows) {
      for (const key of new Set([disciplineRsc(row.code), row.code])) {
        const list = groups.get(key) ?? [];
        list.push(row);
        groups.set(key, list);
      }
    }
    return [...groups].map(([code, reports]): DerivedDocument => ({ type: 'REPORT_LIST', code, body: { reports } }));
  },
};
