import type { ColumnDef, ReactTable, SortingState } from '@tanstack/react-table';
import type { ViewColumn, ViewRow } from '../../../../core/views';
import type { ResultTableFeatures } from './features';

/** A column of the result table's model: a plugin layout's column, or one of the model's own. */
export type ResultColumnDef = ColumnDef<ResultTableFeatures, ViewRow>;
export type ResultTableModel = ReactTable<ResultTableFeatures, ViewRow>;

/** A layout column as drawn, with its place in the rows' cells (a hidden column keeps the others' places). */
export interface PlacedColumn {
  readonly column: ViewColumn;
  readonly index: number;
}

/** The sorts a reader chose, most significant first (the model prepends the rows' standing). */
export type ReaderSorting = SortingState;
