import { useMemo, useState } from 'react';
import {
  useTable,
  type ColumnFiltersState,
  type ColumnVisibilityState,
  type ExpandedState,
  type Updater,
} from '@tanstack/react-table';
import type { TableView, ViewRow } from '../../../../core/views';
import { isDelegationColumn } from '../../../../core/views/cells';
import { delegationColumns, type RowFilter } from '../../../../core/views/find';
import { DELEGATION_COLUMN, FIND_COLUMN, findFilter, MODEL_COLUMNS, modelSorting, resultColumns } from './columns';
import { resultTableFeatures } from './features';
import type { PlacedColumn, ReaderSorting, ResultTableModel } from './types';

export interface ResultModelOptions {
  readonly collator: Intl.Collator;
  readonly sorting: ReaderSorting;
  readonly onSortingChange: (sorting: ReaderSorting) => void;
  /** The filter box's query (folded) and the delegation chosen. */
  readonly filter: RowFilter;
  /** Layout columns the reader hid (the column chooser). */
  readonly hidden: readonly string[];
}

export interface ResultModel {
  readonly table: ResultTableModel;
  /** The rows to draw, filtered and sorted. */
  readonly rows: readonly ViewRow[];
  /** The layout columns drawn, with their places in the rows' cells. */
  readonly visible: readonly PlacedColumn[];
  readonly isOpen: (key: string) => boolean;
  readonly setOpen: (key: string, open: boolean) => void;
}

const apply = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * A result table's model: TanStack Table over the view's rows, its columns from the plugin's
 * layout. The same model draws the server's HTML and the live table, so the first HTML holds what
 * the page shows once awake (a `?q=` link's rows, the reader's sort after a reload of state).
 */
export function useResultModel(view: TableView, options: ResultModelOptions): ResultModel {
  const { collator, sorting, onSortingChange, filter, hidden } = options;
  const delegations = useMemo(() => delegationColumns(view.columns, isDelegationColumn), [view.columns]);
  const columns = useMemo(() => resultColumns(view, collator, delegations), [view, collator, delegations]);
  // Open rows by key: a windowed row scrolled out and back, or a live refresh, keeps its details open.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries([...MODEL_COLUMNS, ...hidden].map((id) => [id, false])),
    [hidden],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () => (filter.org === '' ? [] : [{ id: DELEGATION_COLUMN, value: filter.org }]),
    [filter.org],
  );
  const modelSorts = useMemo(() => modelSorting(sorting, view.columns), [sorting, view.columns]);
  const table = useTable({
    features: resultTableFeatures,
    columns,
    data: view.rows as ViewRow[],
    getRowId: (row) => row.key,
    state: { sorting: modelSorts, globalFilter: filter.q, columnFilters, columnVisibility, expanded },
    onSortingChange: (updater) =>
      onSortingChange(
        apply(updater, modelSorts).filter((sort) => !(MODEL_COLUMNS as readonly string[]).includes(sort.id)),
      ),
    onExpandedChange: (updater: Updater<ExpandedState>) =>
      setExpanded((current) => {
        const next = apply<ExpandedState>(updater, current);
        return next === true ? current : next;
      }),
    globalFilterFn: findFilter,
    getColumnCanGlobalFilter: (column) => column.id === FIND_COLUMN,
    getRowCanExpand: () => true,
    autoResetExpanded: false,
  });
  const model = table.getRowModel();
  const rows = useMemo(() => model.rows.map((row) => row.original), [model]);
  const shown = table.getVisibleLeafColumns();
  const visible = useMemo(() => {
    const ids = new Set(shown.map((column) => column.id));
    return view.columns.flatMap((column, index) => (ids.has(column.id) ? [{ column, index }] : []));
  }, [view.columns, shown]);
  return {
    table,
    rows,
    visible,
    isOpen: (key) => expanded[key] === true,
    setOpen: (key, open) =>
      table.setExpanded((current) =>
        current === true || Boolean(current[key]) === open ? current : { ...current, [key]: open },
      ),
  };
}
