import { cellPart, type CellContext, type CellDefinition } from '../../cells/definition';
import { CELLS } from '../../generated/cells';
import type { CellKind } from '../sports/vocabulary';
import type { CellValue } from './types';

export type { CellContext };

/**
 * A cell kind's definition (src/cells/<kind>/cell.ts). Plugins are validated against the kinds, so an
 * unknown one comes only from a stale plugin: it is drawn as text, never a crash.
 */
export const cellDefinition = (kind: CellKind): CellDefinition => cellPart(CELLS, kind, CELLS.text);

/** The display value of one cell from the values its column's path selected in a row (by its kind's folder). */
export const projectCell = (
  kind: CellKind,
  values: readonly unknown[],
  row: unknown,
  context: CellContext,
): CellValue => cellDefinition(kind).project(values, row, context);

/** How a column of each cell kind sorts when a spectator clicks its header. */
export const sortTypeOf = (kind: CellKind) => cellDefinition(kind).sort;

/** Whether a column's cells stand for a delegation: the table's delegation filter reads them. */
export const isDelegationColumn = (column: { readonly cell: CellKind }): boolean =>
  cellDefinition(column.cell).delegation === true;
