import {
  feedValueLabel,
  feedValues,
  isElement,
  NAME_ATTRIBUTES,
  hiddenBy,
  ReadRecord,
  type Element,
  type FeedValue,
} from '../../core/feedValues';
import type { Layout } from '../../core/sports/types';
import { accessorFor } from '../../core/valuePath';
import { elementName } from '../../core/views/names';
import type { ViewContext } from '../../core/views/layout';
import type { MoreItem } from '../../core/views/types';
import { projectView } from '../widgets/projectView';
import { documentWithRows, rowsByShape, sameValueIn } from './rowShapes';

/**
 * What a page does not show of a document otherwise (issue 25): every layout of the plugin that
 * reads this document type is run on it behind a ReadRecord; the values none of them read, and the
 * plugin does not hide on purpose, are the "More" of their row, or of the unit when they sit
 * outside every layout's rows. Nothing is invented: each item is a value of the feed, labelled.
 */
export interface FeedCoverage {
  /** "More" of each row element of the layout (the elements as they are in the document). */
  readonly rows: ReadonlyMap<object, readonly MoreItem[]>;
  /** "More" of the unit: values outside every layout's rows (its ExtendedInfos, Periods, officials ...). */
  readonly unit: readonly MoreItem[];
}

/** The layouts of a unit's page: its tabs and, above them, its scoreboard (the values it reads are shown). */
export function unitPageLayouts(
  layouts: { readonly tabs: Readonly<Record<string, Layout>>; readonly scoreboard?: Layout } | undefined,
): Readonly<Record<string, Layout>> {
  if (!layouts) return {};
  return layouts.scoreboard ? { ...layouts.tabs, '#scoreboard': layouts.scoreboard } : layouts.tabs;
}

/** The layouts a section's document type has on the same kind of page (the unit's tabs, or the sport's pages). */
export function layoutsReading(layouts: Readonly<Record<string, Layout>> | undefined, document: string): Layout[] {
  return Object.values(layouts ?? {}).filter((layout) => layout.document === document);
}

/**
 * The rows a widget draws when its layout names none: a table's results, a bracket's matches (each
 * shows its More under the match). A widget not listed has no row details: its values are the unit's.
 */
const DEFAULT_ROWS: Readonly<Record<string, string>> = {
  table: 'Competition.Result',
  bracket: 'Competition.Bracket.BracketItems.BracketItem',
};

const rowsPathOf = (layout: Layout): string | undefined =>
  typeof layout.rows === 'string'
    ? layout.rows
    : Object.hasOwn(DEFAULT_ROWS, layout.widget)
      ? DEFAULT_ROWS[layout.widget]
      : undefined;

/** How a plugin treats one value of a document: read by a layout, hidden on purpose, or left for "More". */
export type ValueStatus = 'read' | 'hidden' | 'more';

export interface ClassifiedValue {
  readonly value: FeedValue;
  readonly status: ValueStatus;
  /** The code of the plugin's mark that hides it, for a value hidden on purpose. */
  readonly mark?: string;
  /** The row element it belongs to (absent for the unit's values). */
  readonly row?: Element;
}

/**
 * Every value of a document and how the plugin treats it: each layout in `readers` is run on the
 * document behind a ReadRecord; a value none of them read is hidden when a mark of the plugin covers
 * it, else it is "More". Row values are walked per row element of any reader; the rest per unit.
 */
export function classifyValues(readers: readonly Layout[], document: unknown, context: ViewContext): ClassifiedValue[] {
  const out: ClassifiedValue[] = [];
  visitValues(
    readers,
    document,
    context,
    (value, status, row, mark) => out.push({ value, status, ...(mark ? { mark } : {}), ...(row ? { row } : {}) }),
    true,
  );
  return out;
}

type Visit = (value: FeedValue, status: ValueStatus, row: Element | undefined, mark: string | undefined) => void;

/**
 * Visits the document's values with their status. `all` visits every value of every row; otherwise
 * rows' values are visited only when they are not read (what "More" needs, at the cost of the
 * shapes, not of the field: see rowShapes.ts).
 */
function visitValues(
  readers: readonly Layout[],
  document: unknown,
  context: ViewContext,
  visit: Visit,
  all: boolean,
): void {
  const rows = new Set<Element>();
  for (const reader of readers) {
    const path = rowsPathOf(reader);
    if (path) for (const row of accessorFor(path).all(document)) if (isElement(row)) rows.add(row);
  }
  // Two rows of each shape are walked and read; the others follow them.
  const shapes = rowsByShape(rows).map((group) => ({
    group,
    samples: group.slice(0, 2).map((row) => feedValues(row)),
  }));
  const kept = new Set(shapes.flatMap(({ group }) => group.slice(0, 2)));
  const record = new ReadRecord();
  const watched = record.wrap(documentWithRows(document, rows, kept, (copy, original) => record.alias(copy, original)));
  for (const reader of readers) {
    try {
      projectView(reader, watched, context);
    } catch {
      // A layout that fails on this document reads nothing: its section says so on its own.
    }
  }
  const hidden = context.sport.hidden ?? [];
  const statusOf = (value: FeedValue, read: boolean): [ValueStatus, string | undefined] => {
    if (read) return ['read', undefined];
    const mark = hiddenBy(value, hidden);
    return mark ? ['hidden', mark.code] : ['more', undefined];
  };
  for (const { group, samples } of shapes) {
    const first = samples[0] ?? [];
    const statuses = first.map((value, i) =>
      statusOf(
        value,
        samples.some((sample) => wasRead(record, sample[i]!)),
      ),
    );
    group.forEach((row, r) => {
      if (all) {
        const values = r < samples.length ? samples[r]! : feedValues(row);
        values.forEach((value, i) => visit(value, ...withRow(statuses[i]!, row)));
        return;
      }
      statuses.forEach(([status, mark], i) => {
        if (status === 'read') return;
        const value = r < samples.length ? samples[r]![i] : sameValueIn(row, first[i]!);
        if (value) visit(value, status, row, mark);
      });
    });
  }
  for (const competition of accessorFor('Competition').all(document).filter(isElement)) {
    // The Competition element's own attributes (Gen, Sport, Codes) are the envelope's, like OdfBody's.
    for (const value of feedValues(competition, { skip: (element) => rows.has(element) }))
      if (value.owner !== competition) visit(value, ...withRow(statusOf(value, wasRead(record, value)), undefined));
  }
}

/**
 * Whether a layout read the value. A person's names count as read when a layout read the person's
 * Code or Description: the name cell shows a person by code from the names directory in the page's
 * language, and falls back to the feed's names only where the directory has none.
 */
function wasRead(record: ReadRecord, value: FeedValue): boolean {
  if (record.has(value.owner, value.attribute)) return true;
  const person = value.person;
  return (
    person !== undefined &&
    NAME_ATTRIBUTES.has(value.attribute) &&
    (record.has(person, 'Code') || record.has(person, 'Description'))
  );
}

const withRow = (
  [status, mark]: [ValueStatus, string | undefined],
  row: Element | undefined,
): [ValueStatus, Element | undefined, string | undefined] => [status, row, mark];

/** "More" of a section: of its layout's rows, and of the unit (values outside every reader's rows). */
export function feedCoverage(
  layout: Layout,
  readers: readonly Layout[],
  document: unknown,
  context: ViewContext,
): FeedCoverage {
  const own = rowsPathOf(layout);
  const ownRows = new Set(own ? accessorFor(own).all(document) : []);
  const byRow = new Map<Element, FeedValue[]>();
  const unit: FeedValue[] = [];
  visitValues(
    readers.includes(layout) ? readers : [...readers, layout],
    document,
    context,
    (value, status, row) => {
      if (status !== 'more') return;
      if (!row) unit.push(value);
      else if (ownRows.has(row)) {
        const list = byRow.get(row);
        if (list) list.push(value);
        else byRow.set(row, [value]);
      }
    },
    false,
  );
  const rows = new Map<object, readonly MoreItem[]>();
  for (const [row, list] of byRow) rows.set(row, moreItems(list, row, context));
  return { rows, unit: moreItems(unit, undefined, context) };
}

/**
 * Unread values as labelled items. A person's unread names are one item, the person named by the
 * site's names rules (never the feed's English on a Chinese page); a value about a person other
 * than the row itself says whose it is.
 */
function moreItems(values: readonly FeedValue[], row: Element | undefined, context: ViewContext): MoreItem[] {
  const labels = context.sport.labels[context.locale] ?? {};
  const nameOf = (person: Element) => elementName(person, context.locale, context.names)?.text ?? '';
  const items: MoreItem[] = [];
  const named = new Set<Element>();
  for (const value of values) {
    const person = value.person && value.person !== row ? value.person : undefined;
    if (NAME_ATTRIBUTES.has(value.attribute) && value.person) {
      if (named.has(value.person)) continue;
      named.add(value.person);
      const element = value.personElement ?? 'Description';
      items.push([labels[`attr.${element}`] ?? element, nameOf(value.person)]);
      continue;
    }
    const label = feedValueLabel(value, labels);
    items.push([person ? `${nameOf(person)} · ${label}` : label, value.value]);
  }
  return items;
}
