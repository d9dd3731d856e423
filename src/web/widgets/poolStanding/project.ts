import { accessorFor, scalarText } from '../../../core/valuePath';
import type { Layout } from '../../../core/sports/types';
import { elementName } from '../../../core/views/names';
import { sortRows, type ViewContext } from '../../../core/views/layout';
import { projectTable } from '../table/project';
import type { PoolMatrix, PoolView } from '../../../core/views/types';

type Element = Record<string, unknown>;
const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One group's standing (DT_POOL_STANDING): the layout's table, and the matrix of the group's games
 * read from each row's `Opponent` elements (`Code`, `Result`, `Unit`, `WLT`).
 */
export function projectPool(layout: Layout, document: unknown, context: ViewContext): PoolView {
  const table = projectTable(layout, document, context);
  const rows = sortRows(
    accessorFor(layout.rows ?? 'Competition.Result')
      .all(document)
      .filter(isElement),
    layout.sort,
  );
  const competitors = rows.map((row, index) => {
    const competitor = accessorFor('Competitor').all(row)[0];
    const name = elementName(competitor, context.locale, context.names);
    const code = (isElement(competitor) ? scalarText(competitor.Code) : undefined) ?? `#${index}`;
    return { code, name: name?.text ?? code, short: name?.short ?? code };
  });
  const position = new Map(competitors.map((c, i) => [c.code, i]));
  const results: PoolMatrix['results'] = rows.map((row) => {
    const line: ({ result: string; unit?: string; wlt?: string } | null)[] = competitors.map(() => null);
    for (const opponent of accessorFor('Opponent').all(row).filter(isElement)) {
      const at = position.get(scalarText(opponent.Code) ?? '');
      const result = scalarText(opponent.Result);
      if (at === undefined || !result) continue;
      const unit = scalarText(opponent.Unit);
      const wlt = scalarText(opponent.WLT);
      line[at] = { result, ...(unit ? { unit } : {}), ...(wlt ? { wlt } : {}) };
    }
    return line;
  });
  return { kind: 'pool', table, matrix: { competitors, results } };
}

export default projectPool;
