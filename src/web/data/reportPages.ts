import { disciplineOf, padRsc } from '../../core/rsc';
import { compareReports, previewKey, type ReportRow } from './reportList';
import type { DataSource } from './source';

/** One page of a report list, with the counts the list says (reports, those matching, pages). */
export interface ReportListPage {
  /** Reports before filtering: none at all says "no data", none left by the filters "no results". */
  readonly available: number;
  readonly matching: number;
  readonly page: number;
  readonly pages: number;
  readonly shown: readonly ReportRow[];
}

/** Rows per page: the whole games has thousands of reports; a page's data stays small to hydrate. */
export const REPORTS_PER_PAGE = 100;

const pageCount = (matching: number) => Math.max(1, Math.ceil(matching / REPORTS_PER_PAGE));
/** The page asked for (`?page=`), within the list's pages. */
const pageWithin = (asked: number, pages: number) => Math.min(pages, Math.max(1, Math.floor(asked) || 1));
const ofType = (type: string) => (row: ReportRow) => !type || row.docType === type;

/** A page of a list read whole: a sport's list (REPORT_LIST/{discipline RSC}) is a fraction of the games'. */
export function pageOfList(rows: readonly ReportRow[], type: string, asked: number): ReportListPage {
  const matching = rows.filter(ofType(type)).sort(compareReports);
  const pages = pageCount(matching.length);
  const page = pageWithin(asked, pages);
  return {
    available: rows.length,
    matching: matching.length,
    page,
    pages,
    shown: matching.slice((page - 1) * REPORTS_PER_PAGE, page * REPORTS_PER_PAGE),
  };
}

/**
 * A page of the games' list, from the reports' counts (REPORT_COUNTS/ALL) and the lists of only the
 * disciplines the page shows: a new version of a swimming report changes the pages that show
 * swimming's reports, not the hundred other pages of the list nor their previews. A discipline's
 * reports are one run of the games' list (it is in code order, and codes begin with the discipline).
 */
export async function pageOfGames(data: DataSource, type: string, asked: number): Promise<ReportListPage> {
  const counts = (await data.document('REPORT_COUNTS', 'ALL'))?.disciplines ?? [];
  const total = (reports: Record<string, number>) => Object.values(reports).reduce((sum, n) => sum + n, 0);
  const sizes = counts.map(({ code, reports }) => ({ code, size: type ? (reports[type] ?? 0) : total(reports) }));
  const matching = sizes.reduce((sum, d) => sum + d.size, 0);
  const pages = pageCount(matching);
  const page = pageWithin(asked, pages);
  const from = (page - 1) * REPORTS_PER_PAGE;
  const to = page * REPORTS_PER_PAGE;
  // The disciplines whose run of rows meets [from, to), each with where its run starts.
  const spanned: { code: string; start: number }[] = [];
  let start = 0;
  for (const { code, size } of sizes) {
    if (size > 0 && start < to && start + size > from) spanned.push({ code, start });
    start += size;
  }
  const lists = await Promise.all(spanned.map(({ code }) => data.document('REPORT_LIST', code)));
  const shown = spanned.flatMap(({ start: runStart }, i) => {
    const run = (lists[i]?.reports ?? []).filter(ofType(type)).sort(compareReports);
    return run.slice(Math.max(0, from - runStart), to - runStart);
  });
  return { available: counts.reduce((sum, d) => sum + total(d.reports), 0), matching, page, pages, shown };
}

/** A report by its `?preview=` key, from its discipline's list alone, if it is one the filters keep. */
export async function findReport(
  data: DataSource,
  key: string,
  filters: { type: string; discipline: string },
): Promise<ReportRow | undefined> {
  const discipline = disciplineOf(key.split('/')[0] ?? '');
  if (filters.discipline && discipline !== padRsc(filters.discipline)) return undefined;
  const list = await data.document('REPORT_LIST', discipline);
  return list?.reports.find((row) => previewKey(row) === key && ofType(filters.type)(row));
}
