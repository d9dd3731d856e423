import type { Layout, LayoutColumn, ResolvedSport } from '../../core/sports/types';
import { accessorFor, parseValuePath, printValuePath, type PathSegment } from '../../core/valuePath';
import type { OdfElement } from '../odf/normalise';
import { writePath } from './pathWriter';
import type { Random } from './random';
import { cellPart, type CellDemoDefinition, type DemoRow } from '../../cells/definition';
import { plainDemo } from '../../cells/plain';
import { formatSeconds } from '../../cells/values';
import { CELL_DEMOS } from '../../generated/cellDemos';

/** What a row stands for when its values are made up (src/cells/definition.ts). */
export type RowContext = DemoRow;

/** Columns whose value is the competitor structure the generator writes itself. */
const STRUCTURAL =
  /^(Competitor|RecordType\.RecordData\.Competitor)(\.(Organisation|Description|Composition\.Athlete|Composition\.Athlete\.Description))?$/;

/** Attributes that only a result has: left out of a start list. */
const RESULT_ONLY =
  /^(Rank|RankEqual|Result|Diff|IRM|QualificationMark|WLT|SortOrder|RecordIndicators|Periods|ExtendedResults|StatsItems)/;

/** Makes up the value of one cell, by its kind, so the layout's column has something true to its kind. */
export function cellValue(column: LayoutColumn, row: RowContext, random: Random, base: number): string | undefined {
  const last = column.path.split('.').pop() ?? '';
  if (last === 'StartOrder' || last === 'StartSortOrder') return String(row.index + 1);
  if (last === 'SortOrder') return String(row.index + 1);
  // Values whose scale the feed's own codes tell, whatever the sport.
  if (/REACTION_TIME/.test(column.path))
    return row.results && !row.irm ? (0.55 + random.next() * 0.2).toFixed(2) : undefined;
  if (/WIND/.test(column.path))
    return row.results ? `${random.next() < 0.8 ? '+' : '-'}${(random.next() * 1.9).toFixed(1)}` : undefined;
  const demo = demoOf(column);
  return demo.fill === 'value' ? demo.value({ row, random, base, attribute: last }) : undefined;
}

/** A cell kind's demo part (src/cells/<kind>/demo.ts, else the plain one). */
export const demoOf = (column: LayoutColumn): CellDemoDefinition => cellPart(CELL_DEMOS, column.cell, plainDemo);

/** A result's column: a start list has none (by its attribute, or by its cell kind). */
const isResult = (column: LayoutColumn): boolean => {
  const demo = demoOf(column);
  return RESULT_ONLY.test(column.path) || (demo.fill === 'value' && demo.result === true);
};

/** The element path (all segments but the attribute) and the attribute of a column path. */
function split(path: string): { parent: PathSegment[]; attribute: string } {
  const segments = parseValuePath(path).segments;
  return { parent: segments.slice(0, -1), attribute: segments[segments.length - 1]!.name };
}

/** Writes N items of a repeated cell (periods, splits) under the parent, each with its value. */
function fillRepeated(row: OdfElement, column: LayoutColumn, context: RowContext, random: Random, base: number): void {
  const { parent, attribute } = split(column.path);
  if (parent.length === 0) return;
  const values =
    context.periods ??
    (context.results && !context.irm ? [1, 2, 3, 4].map((k) => formatSeconds((base * k) / 4 + random.next())) : []);
  values.forEach((value, i) => {
    const itemPath = {
      segments: [
        ...parent.slice(0, -1),
        {
          ...parent[parent.length - 1]!,
          filters: [...parent[parent.length - 1]!.filters, { kind: 'index' as const, index: i }],
        },
        { name: attribute, filters: [] },
      ],
    };
    writePath(row, itemPath, String(value));
    const idPath = {
      segments: [...itemPath.segments.slice(0, -1), { name: attribute === 'Value' ? 'Pos' : 'Value', filters: [] }],
    };
    writePath(row, idPath, String(i + 1));
  });
}

/** Fills one row with every column of a layout (and the detail tables' rows). */
export function fillRow(
  row: OdfElement,
  columns: readonly LayoutColumn[],
  context: RowContext,
  random: Random,
  base: number,
): void {
  for (const column of columns) {
    const demo = demoOf(column);
    if (demo.fill === 'generator' || STRUCTURAL.test(column.path)) continue;
    if (!context.results && RESULT_ONLY.test(column.path) && !(demo.fill === 'value' && demo.inStartList)) continue;
    if (demo.fill === 'items') {
      fillRepeated(row, column, context, random, base);
      continue;
    }
    // What the generator already wrote (a competitor, an action, a computed standing) stays.
    if (accessorFor(column.path).text(row) !== undefined) continue;
    const value = cellValue(column, context, random, base);
    if (value !== undefined) writePath(row, column.path, value);
  }
}

/** Fills a row's detail tables: existing items (team members) are filled, absent ones created. */
export function fillDetails(row: OdfElement, layout: Layout, context: RowContext, random: Random, base: number): void {
  for (const detail of layout.details ?? []) {
    const path = parseValuePath(detail.rows);
    const parentSegments = path.segments.slice(0, -1);
    const last = path.segments[path.segments.length - 1]!;
    let parents: OdfElement[] = [row];
    for (const segment of parentSegments) {
      parents = parents.flatMap((p) => {
        if (!Array.isArray(p[segment.name])) writePath(p, { segments: [segment, { name: '_', filters: [] }] }, '');
        const items = (p[segment.name] as OdfElement[]).filter((item) =>
          segment.filters.every((f) => f.kind !== 'match' || f.conditions.every((c) => item[c.attribute] === c.value)),
        );
        for (const item of items) delete item._;
        return items.slice(0, 1);
      });
    }
    for (const parent of parents) {
      const conditions = last.filters.flatMap((f) => (f.kind === 'match' ? f.conditions : []));
      let items = ((parent[last.name] as OdfElement[] | undefined) ?? []).filter((item) =>
        conditions.every((c) => item[c.attribute] === c.value),
      );
      if (items.length === 0) {
        if (!context.results && detail.columns.some(isResult)) continue;
        const count = context.periods?.length ?? 4;
        items = Array.from(
          { length: count },
          () => Object.fromEntries(conditions.map((c) => [c.attribute, c.value])) as OdfElement,
        );
        parent[last.name] = [...((parent[last.name] as OdfElement[] | undefined) ?? []), ...items];
      }
      items.forEach((item, i) => {
        const itemContext: RowContext = {
          ...context,
          index: i,
          count: items.length,
          ...(context.periods ? { score: context.periods[i] } : {}),
        };
        fillRow(item, detail.columns, { ...itemContext, qualified: false }, random, base / Math.max(1, items.length));
        if (item.Pos === undefined && !detail.columns.some((c) => c.path === 'Pos')) item.Pos = String(i + 1);
      });
    }
  }
}

/** Every layout of the sport that reads this document type, tabs and pages alike. */
export function layoutsFor(sport: ResolvedSport, document: string): Layout[] {
  return [...Object.values(sport.layouts.tabs), ...Object.values(sport.layouts.pages)].filter(
    (l): l is Layout => l !== undefined && l.document === document,
  );
}

export { printValuePath };
