import { columnValues } from '../../core/views/layout';
import type { LayoutColumn, ResolvedSport } from '../../core/sports/types';
import { disciplineOf } from '../../core/rsc';
import { accessorFor } from '../../core/valuePath';
import { competitorSummary } from '../derive/competitor';
import type { ScheduleUnit } from '../derive/schedule';
import type { OdfElement } from '../odf/normalise';
import { delegationName } from '../derive/participants';
import type { NameLookup } from '../derive/names';
import { gamesNames } from '../derive/names';
import type { DocumentStore } from '../store/documents';
import { drawTable, newPdf } from './pdf';
import { REPORT_KINDS, type ReportKind } from './types';
import { chineseIn, GAMES_ENG, REPORT_EDITIONS, STANDARD_EDITION, type Edition, type ReportEdition } from './editions';
import { cellPart, type ReportCellContext } from '../../cells/definition';
import { plainReport } from '../../cells/plain';
import { CELL_REPORTS } from '../../generated/cellReports';

const PAGE_WIDTH = 523;

export interface UnitReportInput {
  sport: ResolvedSport;
  code: string;
  kind: ReportKind;
  result: OdfElement;
  version: number;
  unit?: ScheduleUnit;
  /** The standard edition when none is named. */
  edition?: ReportEdition;
}

function scheduleUnit(store: DocumentStore, code: string): ScheduleUnit | undefined {
  return store
    .json<{ units: ScheduleUnit[] }>('SCHEDULE_DISCIPLINE', disciplineOf(code))
    ?.units.find((u) => u.code === code);
}

/**
 * What a cell's report text needs from the service: names of competitors (joined to the games' entry
 * lists by code, as pages are) and delegations, in the edition's Chinese.
 */
const reportCellContext = (names: NameLookup | undefined, edition: Edition): ReportCellContext => ({
  competitorName: (element) => {
    const { name } = competitorSummary(element as OdfElement, names);
    return { chinese: chineseIn(name, edition), english: name.ENG };
  },
  delegationName: (code) => chineseIn(delegationName(code), edition),
});

/** A cell kind's report part (src/cells/<kind>/report.ts, else the plain one). */
const reportOf = (column: LayoutColumn) => cellPart(CELL_REPORTS, column.cell, plainReport);

export function tableOf(
  sport: ResolvedSport,
  kind: ReportKind,
  result: OdfElement,
  names: NameLookup | undefined,
  edition: ReportEdition,
): { headers: string[]; rows: string[][]; widths: number[] } {
  const layout = (kind === 'C51' ? sport.layouts.tabs.startlist : undefined) ?? sport.layouts.tabs.result;
  const columns = (layout?.columns ?? []).filter((c) => reportOf(c).weight > 0).slice(0, 8);
  const rowsPath = layout?.rows ?? 'Competition.Result';
  const rows = accessorFor(rowsPath).all(result);
  const weights = columns.map((c) => reportOf(c).weight);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const context = reportCellContext(names, REPORT_EDITIONS[edition]);
  return {
    headers: columns.map((c) =>
      `${sport.labels[edition][c.label] ?? c.label} ${sport.labels.en_US[c.label] ?? ''}`.trim(),
    ),
    rows: rows.map((row) => columns.map((c) => reportOf(c).text(columnValues(c, row), context))),
    widths: weights.map((w) => (PAGE_WIDTH * w) / total),
  };
}

export function heading(
  doc: PDFKit.PDFDocument,
  sport: ResolvedSport,
  kind: ReportKind,
  code: string,
  unit: ScheduleUnit | undefined,
  status: string,
  version: number,
  edition: ReportEdition,
  /** In a result book the cover names the games and the sport once, so each unit leaves them out. */
  withinBook = false,
): void {
  const printed = REPORT_EDITIONS[edition];
  if (!withinBook) {
    doc.fontSize(9).fillColor('#2294E0').text(`${printed.games}  ${GAMES_ENG}`);
    doc.moveDown(0.3);
    doc.fontSize(15).fillColor('#111111').text(`${sport.name[edition]} ${sport.name.en_US}`);
  }
  doc.fillColor('#111111');
  if (unit) {
    doc.fontSize(12).text(chineseIn(unit.name, printed) ?? unit.name.ENG ?? code);
    if (unit.name.ENG) doc.fontSize(10).fillColor('#444444').text(unit.name.ENG);
    const when = unit.start
      ? `${unit.start.slice(0, 10)} ${unit.start.slice(11, 16)} (UTC${unit.start.slice(19) || ''})`
      : '';
    doc.fontSize(9).text([chineseIn(unit.venueName, printed), unit.venueName.ENG, when].filter(Boolean).join('  ·  '));
  }
  doc.moveDown(0.3);
  doc
    .fontSize(11)
    .fillColor('#1f5f99')
    .text(`${REPORT_KINDS[kind][printed.text]} ${REPORT_KINDS[kind].ENG}  ·  ${status}  ·  v${version}`);
  doc.moveDown(0.5);
}

/** A unit's start list (C51) or results (C73) as a PDF. */
export async function renderUnitReport(input: UnitReportInput, store: DocumentStore): Promise<Buffer> {
  const unit = input.unit ?? scheduleUnit(store, input.code);
  const edition = input.edition ?? STANDARD_EDITION;
  const { doc, done } = newPdf(`${input.code} ${input.kind}`, edition);
  const status = String(input.result.ResultStatus ?? '');
  heading(doc, input.sport, input.kind, input.code, unit, status, input.version, edition);
  const table = tableOf(input.sport, input.kind, input.result, gamesNames(store), edition);
  drawTable(doc, table.headers, table.rows, table.widths);
  doc
    .moveDown(1)
    .fontSize(7)
    .fillColor('#888888')
    .text(`Podium  ·  ${input.code}  ·  ${input.kind}  ·  v${input.version}`);
  doc.end();
  return done;
}
