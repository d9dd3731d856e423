import { disciplineOf } from '../../core/rsc';
import type { ReportRow } from '../../../schemas/api';
import { codeLookup, disciplineText, disciplineTree, type CodeLookup, type DisciplineTreeItem } from './codes';
import type { DataSource } from './source';
import type { DataText } from '../i18n/locale';

export type { ReportRow };

/** A report with what the list shows of it: its type's name and the event or unit it is about. */
export interface ReportEntry extends ReportRow {
  typeName: DataText;
  subject: DataText;
}

/** Reports in list order: by code (a discipline's RSC sorts before its units'), then type. */
export const compareReports = (a: ReportRow, b: ReportRow): number =>
  a.code < b.code ? -1 : a.code > b.code ? 1 : a.docType < b.docType ? -1 : a.docType > b.docType ? 1 : 0;

/**
 * Names the reports: the type from the reportType table, the subject from the discipline's schedule
 * (a unit), the discipline tree (an event or the discipline itself), else the code. Reads only the
 * schedules of the disciplines the rows belong to; tables a caller already has can be passed in.
 */
export async function describeReports(
  data: DataSource,
  rows: readonly ReportRow[],
  tables: { types?: CodeLookup; tree?: readonly DisciplineTreeItem[] } = {},
): Promise<ReportEntry[]> {
  if (rows.length === 0) return [];
  const unitDisciplines = [
    ...new Set(rows.filter((r) => r.code !== disciplineOf(r.code)).map((r) => disciplineOf(r.code))),
  ];
  const [types, tree, schedules] = await Promise.all([
    tables.types ?? codeLookup(data, 'reportType'),
    tables.tree ?? disciplineTree(data),
    Promise.all(unitDisciplines.map((code) => data.document('SCHEDULE_DISCIPLINE', code))),
  ]);
  const names = new Map<string, DataText>();
  for (const item of tree) {
    names.set(disciplineOf(item.Discipline), disciplineText(item));
    for (const event of item.Events)
      names.set(event.EventFullRsc, { ENG: event.ENG_EventName, CHI: event.CHI_EventName, CHT: event.CHT_EventName });
  }
  for (const schedule of schedules) for (const unit of schedule?.units ?? []) names.set(unit.code, unit.name);
  return rows.map((row) => ({
    ...row,
    typeName: types[row.docType] ?? { ENG: row.name },
    subject: names.get(row.code) ?? { ENG: row.code },
  }));
}

/** The `?preview=` value of a report: its code and type, as in its URL /reports/{code}/{type}.pdf. */
export const previewKey = (row: Pick<ReportRow, 'code' | 'docType'>): string => `${row.code}/${row.docType}`;

/** A link to `pathname` with the query `search` changed: parameters set, or removed for undefined. */
export function withParams(pathname: string, search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Loaders of pages with a preview panel need not run again when only `?preview=` changes: the panel
 * is drawn from data the page already has (react-router `shouldRevalidate`).
 */
export function onlyPreviewChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('preview');
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
