import { ReadRecord, type FeedValue } from '../../core/feedValues';
import type { Layout } from '../../core/sports/types';
import type { ViewContext } from '../../core/views/layout';
import { projectView } from '../../web/widgets/projectView';

/** The part of a layout that reads a value: its rows' order and grouping, a column, a detail, a section, the legend. */
export type PartKind = 'rows' | 'column' | 'detail' | 'section' | 'legend';

export interface ShownBy {
  /** `tab` (a unit page's tab) or `page` (a sport-level page). */
  readonly scope: 'tab' | 'page';
  /** The tab's or page's id. */
  readonly layout: string;
  readonly part: PartKind;
  /** The column's, detail's or section's id. */
  readonly id?: string;
}

/** A layout of the plugin with where it sits. */
export interface NamedLayout {
  readonly scope: 'tab' | 'page';
  readonly id: string;
  readonly layout: Layout;
}

interface Part {
  readonly part: PartKind;
  readonly id?: string;
  readonly layout: Layout;
}

/**
 * The layout reduced to one part at a time, each with nothing else: run alone, a part reads only
 * what it shows. `rows` is the skeleton every part shares (where the rows are, their order and
 * groups, row keys): what it reads is read for the table's shape, not drawn in a cell.
 */
function partsOf(layout: Layout): Part[] {
  const { columns, details, sections, legendModule, ...rest } = layout;
  const bare: Layout = { ...rest, columns: [], details: [], sections: [] } as Layout;
  return [
    { part: 'rows', layout: bare },
    ...(columns ?? []).map((column) => ({
      part: 'column' as const,
      id: column.id,
      layout: { ...bare, columns: [column] },
    })),
    ...(details ?? []).map((detail) => ({
      part: 'detail' as const,
      id: detail.id,
      layout: { ...bare, details: [detail] },
    })),
    ...(sections ?? []).map((section) => ({
      part: 'section' as const,
      id: section.id,
      layout: { ...bare, sections: [section] },
    })),
    ...(legendModule ? [{ part: 'legend' as const, layout: { ...bare, legendModule } }] : []),
  ];
}

/**
 * Which parts of which layouts read each of `values`: every part of every layout is projected on
 * the document behind a ReadRecord of its own. A value read by a whole layout but by none of its
 * parts alone (a widget that needs its columns to read anything) is given to the layout's `rows`.
 */
export function partsReading(
  layouts: readonly NamedLayout[],
  document: unknown,
  context: ViewContext,
  values: readonly FeedValue[],
): Map<FeedValue, ShownBy[]> {
  const out = new Map<FeedValue, ShownBy[]>();
  const add = (value: FeedValue, shown: ShownBy) => {
    const list = out.get(value) ?? [];
    if (!list.some((s) => s.layout === shown.layout && s.part === shown.part && s.id === shown.id)) list.push(shown);
    out.set(value, list);
  };
  for (const named of layouts) {
    const whole = readBy(named.layout, document, context);
    let skeleton: ReadRecord | undefined;
    for (const { part, id, layout } of partsOf(named.layout)) {
      const record = readBy(layout, document, context);
      // Every part runs on the skeleton: what the skeleton reads is its own, not the part's.
      const own = (value: FeedValue) =>
        record.has(value.owner, value.attribute) && (part === 'rows' || !skeleton?.has(value.owner, value.attribute));
      for (const value of values)
        if (own(value)) add(value, { scope: named.scope, layout: named.id, part, ...(id ? { id } : {}) });
      if (part === 'rows') skeleton = record;
    }
    for (const value of values)
      if (whole.has(value.owner, value.attribute) && !out.get(value)?.some((s) => s.layout === named.id))
        add(value, { scope: named.scope, layout: named.id, part: 'rows' });
  }
  return out;
}

function readBy(layout: Layout, document: unknown, context: ViewContext): ReadRecord {
  const record = new ReadRecord();
  try {
    projectView(layout, record.wrap(document), context);
  } catch {
    // A part that cannot be drawn alone reads what it read before failing.
  }
  return record;
}

/** A part as editors read it: `result: column reactionTime`. */
export const shownByText = (shown: ShownBy): string =>
  `${shown.layout}: ${shown.part}${shown.id ? ` ${shown.id}` : ''}`;
