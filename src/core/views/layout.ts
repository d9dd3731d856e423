/**
 * What every widget's projection reads of a layout the same way (src/web/widgets/<kind>/project.ts),
 * and the service's reports too: labels in the locale, a column's values, the layout's row order and
 * the legend of the marks that appear.
 */
import { accessorFor } from '../valuePath';
import type { Layout, LayoutColumn, ResolvedSport } from '../sports/types';
import type { LegendModule, LocaleId } from '../sports/vocabulary';
import type { CellContext } from './cells';
import { compareValues } from './compare';
import { legendMatcherOf } from './legendCache';
import type { MoreItem, ViewLegendEntry } from './types';

export interface ViewContext extends CellContext {
  readonly sport: ResolvedSport;
  /** The event (or unit) the document is about: legend marks limited by `rscRegx` test it. */
  readonly eventCode?: string;
  /** "More" of each row element, by the element (src/web/widgets/more): a projection adds it to its row. */
  readonly more?: ReadonlyMap<object, readonly MoreItem[]>;
}

type Row = Record<string, unknown>;

/**
 * Where DT_BRACKETS holds its competitor places (ODF: Bracket / BracketItems / BracketItem /
 * CompetitorPlace): what the examples' check reads as a bracket layout's rows.
 */
export const BRACKET_PLACES_PATH = 'Competition.Bracket.BracketItems.BracketItem.CompetitorPlace';

/** A label key in the locale: the sport's own text, else the shared one, else the key itself. */
export const labelText = (sport: ResolvedSport, locale: LocaleId, key: string): string =>
  sport.labels[locale]?.[key] ?? key;

/** What a column selects in a row: its path's values, else its fallback's (the IRM of a result cell). */
export function columnValues(column: LayoutColumn, row: unknown): unknown[] {
  const values = accessorFor(column.path).all(row);
  if (!column.fallback || values.some((v) => v !== undefined && v !== '')) return values;
  return accessorFor(column.fallback).all(row);
}

/** Rows in the layout's order: its sort keys in turn, document order for ties (a stable sort). */
export function sortRows(rows: readonly Row[], sort: Layout['sort']): Row[] {
  if (!sort || sort.length === 0) return [...rows];
  const keys = sort.map((k) => ({
    accessor: accessorFor(k.path),
    type: k.type ?? 'text',
    sign: k.direction === 'desc' ? -1 : 1,
  }));
  const decorated = rows.map((row, index) => ({ row, index, values: keys.map((k) => k.accessor.text(row) ?? '') }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i]!;
      const x = a.values[i] ?? '';
      const y = b.values[i] ?? '';
      // Missing values stay last in either direction.
      const order = compareValues(x, y, key.type);
      if (order !== 0) return x === '' || y === '' ? order : order * key.sign;
    }
    return a.index - b.index;
  });
  return decorated.map((d) => d.row);
}

/**
 * Legend entries of the marks the view shows, in the locale: a mark a row carries counts where that
 * row shows it (`shown`, the texts of the row at that index: `shownTexts`), and a mark the plugin
 * flags `often` always.
 */
export function legendOf(
  rows: readonly unknown[],
  module: LegendModule | undefined,
  context: ViewContext,
  shown: (index: number) => ReadonlySet<string>,
): ViewLegendEntry[] {
  if (!module) return [];
  return legendMatcherOf(context.sport)
    .collect(rows, { module, ...(context.eventCode ? { eventCode: context.eventCode } : {}) }, shown)
    .map((e) => ({ title: e.title, description: e.description[context.locale] ?? e.title }));
}
