/**
 * A unit page's table (`/{unitCode}?tab=`) as CSV rows: the page's loader reads the unit and
 * projects the tab's document through the sport's layout, as it does for the page, but over the
 * whole field (the store read without the page's first-rows limit). The rows are the result
 * table's as the page draws them in the layout's order: a group's heading where a group starts
 * (a team's players under the team), a team's totals row, irregular results where the layout puts
 * them, each cell's text as its view draws it (cellText.ts). A row's folded details (splits, a
 * relay's members) and the small tables under the result (officials, period scores) are not rows
 * of the table, so not of the file.
 */
import type { TableView } from '../../core/views/types';
import type { DataSource } from '../../web/data/source';
import { pickText, type LocaleId } from '../../web/i18n/locale';
import type { WidgetSection } from '../../web/widgets/section';
import { cellCsvText } from './cellText';
import type { CsvRows } from './write';
import { loaderArgs, pageWords } from './pageRead';

export interface UnitCsv {
  readonly rows: CsvRows;
  /** What the file is called in the page's language: the sport's, the unit's and the tab's names. */
  readonly title: string;
  /** The tab shown (the page's default when the address names none, or one the sport has not). */
  readonly tab: string;
  /** The unit's ResultStatus: an OFFICIAL result is cached longer. */
  readonly resultStatus?: string;
}

/** Why there is no table to write: the status to answer and what to say. */
export interface NoUnitCsv {
  readonly status: 404 | 500;
  readonly message: string;
}

/** The table a section's view draws as the result table: a table, or a pool's standings. */
function tableOf(section: WidgetSection | undefined): TableView | undefined {
  const view = section?.view;
  if (view?.kind === 'table') return view;
  if (view?.kind === 'pool') return view.table;
  return undefined;
}

export async function unitTableRows(
  data: DataSource,
  code: string,
  locale: LocaleId,
  tab: string | undefined,
): Promise<UnitCsv | NoUnitCsv> {
  const [{ unitLoader }, words] = await Promise.all([import('../../web/pages/unit/data'), pageWords(locale)]);
  let unit: Awaited<ReturnType<typeof unitLoader>>;
  try {
    unit = await unitLoader(loaderArgs(`/${code}`, { lang: locale, tab }, data, { documentCode: code }));
  } catch (error) {
    // The loader's "no such unit" is the router's 404 Response; anything else is a failure.
    if (error instanceof Response && error.status === 404) return { status: 404, message: `no unit ${code}` };
    throw error;
  }
  if (unit.pluginError) return { status: 500, message: unit.pluginError };
  const section = unit.section;
  const shown = unit.tab ?? '';
  if (section?.error) return { status: 500, message: section.error };
  const table = tableOf(section);
  if (!section || !table) {
    const absent = section !== undefined && !section.view && !section.reports;
    return {
      status: 404,
      message: absent
        ? `no table for ${code} yet: the document of its ${shown} tab has not come`
        : `the ${shown || 'default'} tab of ${code} has no table`,
    };
  }
  const heading = table.columns.map((column) => column.label);
  const body: string[][] = [];
  // As the page draws them unsorted: a group's heading above its first row.
  const grouped = table.rows.some((row) => row.group !== undefined);
  table.rows.forEach((row, index) => {
    if (grouped && row.group !== undefined && row.group !== table.rows[index - 1]?.group)
      body.push(heading.map((_, column) => (column === 0 ? (row.group ?? '') : '')));
    body.push(table.columns.map((column, i) => cellCsvText(column.cell, row.cells[i], words)));
  });
  const { sport, unit: name } = unit.header;
  return {
    rows: [heading, ...body],
    title: [pickText(sport, locale), pickText(name, locale) || code, section.title].filter(Boolean).join(' '),
    tab: shown,
    ...(unit.header.resultStatus ? { resultStatus: unit.header.resultStatus } : {}),
  };
}
