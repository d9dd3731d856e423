import { isElement, type Element } from '../../../core/feedValues';
import { accessorFor, scalarText } from '../../../core/valuePath';
import type { Layout } from '../../../core/sports/types';
import { elementName } from '../../../core/views/names';
import { sortRows, type ViewContext } from '../../../core/views/layout';
import { projectTable } from '../table/project';
import type { PoolMatrix } from '../../../core/views/types';
import { unitName } from '../bracket/match';
import type { PoolCell, PoolCompetitor, PoolProgress, PoolWithInfo } from './info';

/**
 * One group's standing (DT_POOL_STANDING): the layout's table, the matrix of the group's games read
 * from each competitor's `Opponent` elements (`Code`, `Result`, `Unit`, `WLT`, `Date`: played or to
 * come), and how far the pool is (`ExtendedInfos/Progress`).
 */
export function projectPool(layout: Layout, document: unknown, context: ViewContext): PoolWithInfo {
  const table = projectTable(layout, document, context);
  const rows = sortRows(
    accessorFor(layout.rows ?? 'Competition.Result')
      .all(document)
      .filter(isElement),
    layout.sort,
  );
  const standing = rows.map((row, index): PoolCompetitor => {
    const competitor = accessorFor('Competitor').all(row)[0];
    const name = elementName(competitor, context.locale, context.names);
    const code = (isElement(competitor) ? scalarText(competitor.Code) : undefined) ?? `#${index}`;
    return { code, name: name?.text ?? code, short: name?.short ?? code };
  });
  const opponentsOf = (row: Element): Element[] =>
    // ODF puts a competitor's opponents in its Competitor element; some feeds in the Result row.
    [...accessorFor('Competitor.Opponent').all(row), ...accessorFor('Opponent').all(row)].filter(isElement);
  const index = new Map(standing.map((c, i) => [c.code, i]));
  // Each competitor as its opponents know it: its place in the pool's grid (`Pos`) and delegation.
  const known = standing.map(() => ({ pos: new Set<string>(), organisation: undefined as string | undefined }));
  for (const row of rows)
    for (const opponent of opponentsOf(row)) {
      const pos = scalarText(opponent.Pos);
      const organisation = scalarText(opponent.Organisation);
      const at = index.get(scalarText(opponent.Code) ?? '');
      if (at === undefined) continue;
      if (pos) known[at]!.pos.add(pos);
      known[at]!.organisation ??= organisation;
    }
  // The grid in the pool's own order when every competitor has one place (`Pos`), else the standing's.
  const places = known.map((k) => (k.pos.size === 1 ? Number([...k.pos][0]) : NaN));
  const byPos =
    places.every((p) => Number.isInteger(p) && p >= 1) && new Set(places).size === places.length
      ? standing.map((_, i) => i).sort((a, b) => places[a]! - places[b]!)
      : standing.map((_, i) => i);
  const competitors: PoolCompetitor[] = byPos.map((i, n) => {
    const organisation = known[i]!.organisation;
    return {
      ...standing[i]!,
      number: Number.isNaN(places[i]!) ? n + 1 : places[i]!,
      ...(organisation ? { organisation } : {}),
    };
  });
  const column = new Map(competitors.map((c, j) => [c.code, j]));
  // The opponent's column: by its competitor code, else (a feed that codes opponents otherwise) by
  // its place `Pos` in the pool.
  const columnOf = (opponent: Element): number | undefined => {
    const byCode = column.get(scalarText(opponent.Code) ?? '');
    if (byCode !== undefined) return byCode;
    const pos = Number(scalarText(opponent.Pos));
    const at = competitors.findIndex((c) => c.number === pos);
    return at >= 0 ? at : undefined;
  };
  const results: PoolCell[][] = byPos.map((r, i) => {
    const line: (PoolCell | null)[] = competitors.map(() => null);
    for (const opponent of opponentsOf(rows[r]!)) {
      const result = scalarText(opponent.Result) ?? '';
      const unit = scalarText(opponent.Unit);
      const wlt = scalarText(opponent.WLT);
      const date = scalarText(opponent.Date);
      const at = columnOf(opponent);
      if (at === undefined || at === i || (!result && !unit && !date)) continue;
      line[at] = { result, ...(unit ? { unit } : {}), ...(wlt ? { wlt } : {}), ...(date ? { date } : {}) };
    }
    return line as PoolCell[];
  });
  const progress = progressOf(document, competitors, results, context);
  return { kind: 'pool', table, matrix: { competitors, results }, ...(progress ? { progress } : {}) };
}

/** How far the pool is (`ExtendedInfos/Progress`), its latest game named as the matrix shows it. */
function progressOf(
  document: unknown,
  competitors: PoolMatrix['competitors'],
  results: readonly (readonly (PoolCell | null)[])[],
  context: ViewContext,
): PoolProgress | undefined {
  const element = accessorFor('Competition.ExtendedInfos.Progress').all(document).find(isElement);
  if (!element) return undefined;
  const count = (name: string): number | undefined => {
    const value = Number(scalarText(element[name]));
    return scalarText(element[name]) !== undefined && Number.isFinite(value) ? value : undefined;
  };
  const total = count('UnitsTotal');
  const complete = count('UnitsComplete');
  const last = scalarText(element.LastUnit);
  let lastGame: PoolProgress['lastGame'];
  if (last)
    results.forEach((line, i) =>
      line.forEach((cell, j) => {
        if (!lastGame && cell?.unit === last && cell.result)
          lastGame = { home: competitors[i]!.short, result: cell.result, away: competitors[j]!.short };
      }),
    );
  if (total === undefined && complete === undefined && !last) return undefined;
  return {
    ...(total !== undefined ? { total } : {}),
    ...(complete !== undefined ? { complete } : {}),
    ...(last ? { last } : {}),
    ...(lastGame ? { lastGame } : {}),
    ...(last && !lastGame && unitName(last, context.locale) ? { lastName: unitName(last, context.locale) } : {}),
  };
}

export default projectPool;
