import type { Row } from '@tanstack/react-table';
import { cellText, compareValues, type TableView, type ViewRow } from '../../../../core/views';
import { matchesFind, rowDelegations } from '../../../../core/views/find';
import type { ResultTableFeatures } from './features';
import type { ReaderSorting, ResultColumnDef } from './types';

/** The model's own columns, never drawn: ids no layout column can have (plugins' ids are words). */
export const STANDING_COLUMN = ':standing';
export const FIND_COLUMN = ':find';
export const DELEGATION_COLUMN = ':delegation';
export const MODEL_COLUMNS = [STANDING_COLUMN, FIND_COLUMN, DELEGATION_COLUMN] as const;

/**
 * Where a row stands whatever the sort: regular results first, then irregular ones (DNS, DSQ ...),
 * then a group's totals (a team's own line, after every player, in the teams' order).
 */
const standing = (row: ViewRow): number => (row.totals ? 2 : row.irregular ? 1 : 0);

/**
 * The model's columns for a view: one per layout column, sorted by its kind's order in the
 * reader's language (`collator`) with empty values last both ways; and the model's own, hidden:
 * the rows' standing (sorted first whenever the reader sorts), their find keys (the filter box's
 * query), their delegations (the delegation filter).
 */
export function resultColumns(
  view: TableView,
  collator: Intl.Collator,
  delegations: readonly number[],
): ResultColumnDef[] {
  const layoutColumns = view.columns.map((column, index): ResultColumnDef => ({
    id: column.id,
    // Only a regular row's value is ranked; `undefined` goes last, in the layout's order.
    accessorFn: (row) => {
      const text = standing(row) === 0 ? cellText(row.cells[index]) : '';
      return text === '' ? undefined : text;
    },
    sortUndefined: 'last',
    sortFn: (a: Row<ResultTableFeatures, ViewRow>, b: Row<ResultTableFeatures, ViewRow>, id: string) =>
      compareValues(a.getValue<string>(id), b.getValue<string>(id), column.sort, collator),
    enableGlobalFilter: false,
    enableColumnFilter: false,
  }));
  return [
    ...layoutColumns,
    {
      id: STANDING_COLUMN,
      accessorFn: standing,
      sortFn: (a, b, id) => a.getValue<number>(id) - b.getValue<number>(id),
      enableHiding: false,
      enableColumnFilter: false,
      enableGlobalFilter: false,
    },
    {
      id: FIND_COLUMN,
      accessorFn: (row) => row.find ?? '',
      enableHiding: false,
      enableSorting: false,
      enableColumnFilter: false,
    },
    {
      id: DELEGATION_COLUMN,
      accessorFn: (row) => rowDelegations(row, delegations).join(' '),
      filterFn: (row, id, code: string) => row.getValue<string>(id).split(' ').includes(code),
      enableHiding: false,
      enableSorting: false,
      enableGlobalFilter: false,
    },
  ];
}

/** The filter box's rule, as the model's global filter: the query (folded) within the row's keys. */
export const findFilter = (row: Row<ResultTableFeatures, ViewRow>, id: string, query: string): boolean =>
  matchesFind(row.getValue<string>(id), query);

/**
 * The sorting the model applies: the reader's sorts by columns the table has (a column gone with a
 * new version of the document drops out), after the rows' standing; none, the published order.
 */
export function modelSorting(reader: ReaderSorting, columns: readonly { id: string }[]): ReaderSorting {
  const known = reader.filter((sort) => columns.some((column) => column.id === sort.id));
  return known.length === 0 ? known : [{ id: STANDING_COLUMN, desc: false }, ...known];
}

/**
 * What a click on a column's header does: an unsorted column sorts ascending, then descending, then
 * leaves the sort. With `add` (Shift), the column joins the sort after those already chosen;
 * without, it replaces them.
 */
export function nextSorting(current: ReaderSorting, id: string, add = false): ReaderSorting {
  const found = current.find((sort) => sort.id === id);
  const others = add ? current.filter((sort) => sort.id !== id) : [];
  if (!found) return [...others, { id, desc: false }];
  if (!found.desc) return add ? current.map((s) => (s.id === id ? { id, desc: true } : s)) : [{ id, desc: true }];
  return others;
}
