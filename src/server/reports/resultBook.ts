import type { ResolvedSport } from '../../core/sports/types';
import { GAMES_UTC_OFFSET, gamesLocalTime } from '../../core/gamesTime';
import { disciplineOf, eventOf } from '../../core/rsc';
import type { ScheduleUnit } from '../derive/schedule';
import type { OdfElement } from '../odf/normalise';
import type { DocumentStore } from '../store/documents';
import { drawTable, newPdf } from './pdf';
import { heading, tableOf } from './render';
import { gamesNames } from '../derive/names';
import { REPORT_KINDS } from './types';
import { chineseIn, GAMES_ENG, REPORT_EDITIONS, STANDARD_EDITION, type ReportEdition } from './editions';

/** Bumped when the book's layout changes, so books cached for the same results are rendered again. */
export const RESULT_BOOK_LAYOUT = 2;

/** One official unit result in the book. */
export interface BookEntry {
  unit: ScheduleUnit;
  result: OdfElement;
  version: number;
  receivedAt: string;
}

const CONTENTS_LINES_PER_PAGE = 48;
const CONTENTS_LINE_HEIGHT = 14;
/** A unit starts a new page unless this much room is left under the previous one. */
const ROOM_FOR_NEXT_UNIT = 180;
const BOOK = REPORT_KINDS.C95;

/**
 * The discipline's units with an OFFICIAL result, as a result book orders them: event by event
 * (events in the order their first unit is scheduled), and by schedule within an event.
 */
export function officialEntries(store: DocumentStore, disciplineCode: string): BookEntry[] {
  const units = store.json<{ units: ScheduleUnit[] }>('SCHEDULE_DISCIPLINE', disciplineOf(disciplineCode))?.units ?? [];
  const eventOrder = new Map<string, number>();
  const entries: BookEntry[] = [];
  units.forEach((unit, index) => {
    const stored = store.get('DT_RESULT', unit.code);
    if (!stored || stored.status !== 'OFFICIAL') return;
    const event = eventOf(unit.code);
    if (!eventOrder.has(event)) eventOrder.set(event, index);
    entries.push({
      unit,
      result: JSON.parse(stored.body) as OdfElement,
      version: stored.version,
      receivedAt: stored.receivedAt,
    });
  });
  // Array.prototype.sort is stable: within an event the schedule's order stays.
  return entries.sort(
    (a, b) => (eventOrder.get(eventOf(a.unit.code)) ?? 0) - (eventOrder.get(eventOf(b.unit.code)) ?? 0),
  );
}

const unitTitle = (unit: ScheduleUnit, edition: ReportEdition) =>
  [chineseIn(unit.name, REPORT_EDITIONS[edition]), unit.name.ENG].filter(Boolean).join('  ') || unit.code;

/** The book's title in the edition's Chinese, then in English. */
const titles = (sport: ResolvedSport, edition: ReportEdition) =>
  [`${sport.name[edition]} ${BOOK[REPORT_EDITIONS[edition].text]}`, `${sport.name.en_US} ${BOOK.ENG}`] as const;

function drawCover(
  doc: PDFKit.PDFDocument,
  sport: ResolvedSport,
  entries: readonly BookEntry[],
  edition: ReportEdition,
): void {
  const printed = REPORT_EDITIONS[edition];
  const events = new Set(entries.map((e) => eventOf(e.unit.code))).size;
  const lastUpdate = entries.reduce((latest, e) => (e.receivedAt > latest ? e.receivedAt : latest), '');
  const [chinese, english] = titles(sport, edition);
  doc.moveDown(6);
  doc.fontSize(20).fillColor('#2294E0').text(printed.games, { align: 'center' });
  doc.fontSize(11).text(GAMES_ENG, { align: 'center' });
  doc.moveDown(4);
  doc.fontSize(30).fillColor('#111111').text(chinese, { align: 'center' });
  doc.fontSize(16).text(english, { align: 'center' });
  doc.moveDown(4);
  doc
    .fontSize(11)
    .fillColor('#444444')
    .text(printed.book.official(entries.length, events), { align: 'center' })
    .text(`${entries.length} official results · ${events} events`, { align: 'center' });
  if (lastUpdate)
    doc.text(`${printed.book.updated} Last update: ${gamesLocalTime(lastUpdate)} (UTC${GAMES_UTC_OFFSET})`, {
      align: 'center',
    });
}

/** Writes "page n of N" at the foot of every page but the cover (all pages are buffered). */
function drawFooters(doc: PDFKit.PDFDocument, sport: ResolvedSport, edition: ReportEdition): void {
  const [chinese, english] = titles(sport, edition);
  const { start, count } = doc.bufferedPageRange();
  for (let page = start + 1; page < start + count; page += 1) {
    doc.switchToPage(page);
    // Writing inside the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(7)
      .fillColor('#888888')
      .text(`${chinese} · ${english} · ${page + 1} / ${count}`, doc.page.margins.left, doc.page.height - 24, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Fills the contents pages reserved after the cover: each unit with its page, linked to it. */
function drawContents(
  doc: PDFKit.PDFDocument,
  entries: readonly BookEntry[],
  pages: readonly number[],
  firstContentsPage: number,
  edition: ReportEdition,
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  entries.forEach((entry, index) => {
    const line = index % CONTENTS_LINES_PER_PAGE;
    doc.switchToPage(firstContentsPage + Math.floor(index / CONTENTS_LINES_PER_PAGE));
    const y = doc.page.margins.top + 40 + line * CONTENTS_LINE_HEIGHT;
    const page = String((pages[index] ?? 0) + 1);
    doc.fontSize(8.5).fillColor('#444444');
    const start = entry.unit.start;
    const when = start && !entry.unit.hideStartDate ? `${start.slice(5, 10)} ${start.slice(11, 16)}` : '';
    doc.text(when, left, y, { width: 64, lineBreak: false });
    doc.fillColor('#111111').text(unitTitle(entry.unit, edition), left + 68, y, {
      width: width - 68 - 44,
      height: CONTENTS_LINE_HEIGHT,
      ellipsis: true,
      lineBreak: false,
      goTo: entry.unit.code,
    });
    doc.text(page, left + width - 40, y, { width: 40, align: 'right', lineBreak: false });
  });
}

/**
 * A discipline's result book (C95): a cover, the contents with page numbers, then every official
 * unit result under its own heading, with page numbers at the foot and a PDF outline per unit.
 */
export async function renderResultBook(
  sport: ResolvedSport,
  store: DocumentStore,
  edition: ReportEdition = STANDARD_EDITION,
): Promise<Buffer> {
  const entries = officialEntries(store, sport.code);
  const names = gamesNames(store);
  const printed = REPORT_EDITIONS[edition];
  const { doc, done } = newPdf(titles(sport, edition).join(' '), edition, { bufferPages: true });
  drawCover(doc, sport, entries, edition);
  // The contents pages are reserved now and filled once every unit's page is known.
  const contentsPages = Math.max(1, Math.ceil(entries.length / CONTENTS_LINES_PER_PAGE));
  const firstContentsPage = doc.bufferedPageRange().count;
  for (let i = 0; i < contentsPages; i += 1) {
    doc.addPage();
    doc.fontSize(16).fillColor('#111111').text(`${printed.book.contents} Contents`);
  }
  if (entries.length === 0) doc.moveDown(1).fontSize(11).text(`${printed.book.none} No official results yet`);
  const pages: number[] = [];
  entries.forEach((entry, index) => {
    const bottom = doc.page.height - doc.page.margins.bottom;
    if (index === 0 || doc.y > bottom - ROOM_FOR_NEXT_UNIT) doc.addPage();
    else doc.moveDown(1.5);
    pages.push(doc.bufferedPageRange().count - 1);
    doc.addNamedDestination(entry.unit.code);
    doc.outline.addItem(unitTitle(entry.unit, edition));
    heading(doc, sport, 'C73', entry.unit.code, entry.unit, 'OFFICIAL', entry.version, edition, true);
    const table = tableOf(sport, 'C73', entry.result, names, edition);
    drawTable(doc, table.headers, table.rows, table.widths);
  });
  drawContents(doc, entries, pages, firstContentsPage, edition);
  drawFooters(doc, sport, edition);
  doc.end();
  return done;
}
