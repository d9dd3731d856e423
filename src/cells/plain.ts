import { defineCell, defineCellDemo, defineCellReport, type CellDefinition } from './definition';
import { EMPTY, scalars } from './values';

/**
 * The plain parts a cell folder may leave out: its first value as it is. Codegen puts these in the
 * registries for a folder without `report.ts` or `demo.ts` (`view.tsx`: `plainView` of src/cells/views.tsx).
 */
export const plainCell = (sort: CellDefinition['sort'], priority: CellDefinition['priority']): CellDefinition =>
  defineCell({ sort, priority, project: (values) => scalars(values)[0] ?? EMPTY });

export const plainReport = defineCellReport({
  weight: 1,
  text: (values) => (typeof values[0] === 'string' ? values[0] : ''),
});

/** A result's value (a count or a mark) once there are results: by the place, in the attribute's scale. */
export const plainDemo = defineCellDemo({
  fill: 'value',
  value: ({ row, random, attribute }) =>
    row.results
      ? attribute === 'Value' || attribute === 'Score'
        ? (20 - row.index + random.next() * 5).toFixed(1)
        : String(row.index + 1)
      : undefined,
});
