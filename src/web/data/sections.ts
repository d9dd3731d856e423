import { documentCodeFor, firstRows, labelText, type MoreItem } from '../../core/views';
import type { RowFilter } from '../../core/views/find';
import { preloadWidgets } from '../widgets/load';
import { feedCoverage, layoutsReading, unitPageLayouts } from '../more/coverage';
import { projectView } from '../widgets/projectView';
import type { Layout, ResolvedSport } from '../../core/sports/types';
import type { LocaleId } from '../../core/sports/vocabulary';
import { SPORT_CODES, type SportCode } from '../../generated/sportCodes';
import { sportLoaders } from '../../generated/sportRegistry';
import { describeReports } from '../data/reportList';
import type { WidgetSection } from '../widgets/section';
import { codeLookup } from './codes';
import { untypedDocument, type DataSource } from './source';
import { namesDirectoryCode, type NamesDirectory, type PageNames } from '../../core/namesDirectory';
import { disciplineOf } from '../../core/rsc';

const NO_MORE = { rows: new Map<object, readonly MoreItem[]>(), unit: [] as readonly MoreItem[] };

export const isSportCode = (code: string): code is SportCode => (SPORT_CODES as readonly string[]).includes(code);

/**
 * A sport's plugin chunk, or why it could not be loaded (the page shows that in its panel). A
 * discipline without a plugin (a feed's breaking or bobsleigh) gets the generic default plugin, named
 * by `name` (the feed's discipline name).
 */
export async function loadSport(
  code: string,
  name?: ResolvedSport['name'],
): Promise<{ sport?: ResolvedSport; error?: string }> {
  try {
    if (!isSportCode(code)) {
      const { defaultSport } = await import('./defaultSport');
      return { sport: defaultSport(code, name ?? { zh_CN: code, zh_HK: code, en_US: code }) };
    }
    return { sport: (await sportLoaders[code]()).default };
  } catch (error) {
    return {
      error: `The ${code} plugin could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface SectionRequest {
  readonly id: string;
  readonly label: string;
  readonly layout: Layout;
  /** The unit (a unit tab) or event (a sport-level page) the section is about. */
  readonly code: string;
  readonly scope: 'unit' | 'event';
  /** A document code other than the one the scope gives (a pool's group, a phase of a summary). */
  readonly documentCode?: string;
  /** The unit awards medals: its settled result marks ranks 1 to 3 with them. */
  readonly medalUnit?: boolean;
  /** The section shows no "More" (the scoreboard: the unit's tab below shows it), so none is computed. */
  readonly withoutMore?: boolean;
  /** A document already read for this code (the unit's DT_RESULT), to read it once. */
  readonly known?: { type: string; code: string; body: unknown };
  /** The filter the page's address asks of its table (`?q=`, `?org=`): the rows a first render keeps. */
  readonly rowFilter?: RowFilter;
}

/**
 * Reads a section's document and projects it through the layout. A failure (transport, validation
 * or projection) becomes the section's `error`, shown in its own panel; nothing is thrown.
 */
export async function loadSection(
  data: DataSource,
  sport: ResolvedSport,
  locale: LocaleId,
  request: SectionRequest,
  organisations?: Readonly<Record<string, string>>,
): Promise<WidgetSection> {
  // The widget's chunk comes with the data, as a route's module does: the page draws it at once.
  const [section] = await Promise.all([
    readSection(data, sport, locale, request, organisations),
    preloadWidgets([request.layout.widget]),
  ]);
  return section;
}

async function readSection(
  data: DataSource,
  sport: ResolvedSport,
  locale: LocaleId,
  request: SectionRequest,
  organisations?: Readonly<Record<string, string>>,
): Promise<WidgetSection> {
  const { layout, code, scope } = request;
  const base = { id: request.id, title: request.label, widget: layout.widget };
  try {
    const documentCode = request.documentCode ?? documentCodeFor(layout.document, code, scope);
    if (layout.document === 'REPORT_LIST') {
      const list = await data.document('REPORT_LIST', documentCode);
      const rows = (list?.reports ?? []).filter(
        (r) => r.code === code || (scope === 'event' && r.code.startsWith(code.replace(/-+$/, ''))),
      );
      return { ...base, reports: await describeReports(data, rows) };
    }
    const known = request.known;
    const [body, names] = await Promise.all([
      known && known.type === layout.document && known.code === documentCode
        ? known.body
        : untypedDocument(data, layout.document, documentCode),
      namesFor(data, code),
    ]);
    if (body === undefined) return base;
    const status = (body as { ResultStatus?: unknown }).ResultStatus;
    const context = {
      sport,
      locale,
      eventCode: code,
      ...(organisations ? { organisations } : {}),
      ...(names ? { names } : {}),
      ...(request.medalUnit && layout.document === 'DT_RESULT' && isSettled(status) ? { medalRanks: true } : {}),
    };
    // What no layout of this kind of page reads of the document: "More", per row and for the unit.
    const readers = layoutsReading(
      scope === 'unit' ? unitPageLayouts(sport.layouts) : sport.layouts?.pages,
      layout.document,
    );
    const coverage = request.withoutMore ? NO_MORE : feedCoverage(layout, readers, body, context);
    const projected = projectView(layout, body, { ...context, more: coverage.rows });
    const limit = data.tableRowLimit;
    const view = projected && limit !== undefined ? firstRows(projected, limit, request.rowFilter) : projected;
    return {
      ...base,
      ...(view ? { view } : {}),
      ...(typeof status === 'string' ? { status } : {}),
      ...(coverage.unit.length > 0 ? { more: coverage.unit } : {}),
    };
  } catch (error) {
    return { ...base, error: messageOf(error) };
  }
}

/**
 * The names directory of the section's event (or discipline): the people and teams its document names
 * by code. Without it (an older service, a failed read) the document's own names are shown.
 */
async function namesFor(data: DataSource, code: string): Promise<PageNames | undefined> {
  // Typed by hand: the schema's open maps are too deep for the document overloads.
  const read = async (at: string) => (await untypedDocument(data, 'NAMES', at)) as NamesDirectory | undefined;
  const own = namesDirectoryCode(code);
  const [directory, delegations] = await Promise.all([
    // An entry list that registers nobody for events has a directory for its discipline only.
    (async () =>
      (await read(own)) ?? (own === disciplineOf(code) ? undefined : await read(disciplineOf(code))))().catch(
      () => undefined,
    ),
    codeLookup(data, 'organisation').catch(() => undefined),
  ]);
  if (!directory && !delegations) return undefined;
  return { ...(directory ?? { people: {}, teams: {} }), ...(delegations ? { delegations } : {}) };
}

/** The label of a tab or page in the locale: the sport's `tab.<id>` / `page.<id>` text. */
export const sectionLabel = (sport: ResolvedSport, locale: LocaleId, kind: 'tab' | 'page', id: string): string =>
  labelText(sport, locale, `${kind}.${id}`);

/** A result whose ranks are medals: official, or unofficial (the medal ceremony's basis, pending protests). */
const isSettled = (status: unknown): boolean => status === 'OFFICIAL' || status === 'UNOFFICIAL';
