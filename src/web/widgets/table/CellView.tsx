import type { CellValue, RichCell, ViewColumn } from '../../../core/views';
import type { CellKind } from '../../../core/sports/vocabulary';
import { cellPart, type CellViewDefinition } from '../../../cells/definition';
import { plainView } from '../../../cells/views';
import { CELL_VIEWS } from '../../../generated/cellViews';

/** A cell kind's view (src/cells/<kind>/view.tsx); an unknown kind is drawn as text, never a crash. */
export const cellViewOf = (kind: CellKind): CellViewDefinition => cellPart(CELL_VIEWS, kind, plainView);

/**
 * One cell of a result table, drawn by its column's cell kind. Its links are plain (a field has
 * thousands): the table navigates them in the app (`useClientLinks`).
 */
export function CellView({ column, value: raw }: { column: ViewColumn; value: CellValue | undefined }) {
  if (raw === undefined || raw === '') return null;
  const value: RichCell = typeof raw === 'string' ? { text: raw } : raw;
  if (value.text === '') return null;
  const { Cell } = cellViewOf(column.cell);
  return <Cell value={value} label={column.label} kind={column.cell} />;
}

/** Class names of a column: its alignment and the breakpoint below which it hides. */
export function columnClass(column: ViewColumn): string {
  return [
    `align-${column.align ?? 'start'}`,
    column.hideBelow ? `hide-below-${column.hideBelow}` : '',
    `cell-kind-${column.cell}`,
  ]
    .filter(Boolean)
    .join(' ');
}
