import {
  constructTable,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
  type SortingState,
} from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import type { TallyRow } from '../../../../schemas/api';

export const MEDAL_ORDERS = ['gold', 'total'] as const;
export type MedalOrder = (typeof MEDAL_ORDERS)[number];

/**
 * What the medal table does with TanStack Table: sorting, nothing more (its code alone is loaded).
 * Headless (table-core, its own store): the same order is made for the page, its embed and its CSV
 * on the server, outside any component.
 */
const medalFeatures = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});

type MedalRow = Row<typeof medalFeatures, TallyRow>;
const medals = (row: MedalRow) => [row.original.gold, row.original.silver, row.original.bronze];

/** Equal totals are ordered by gold, then silver, then bronze, as the games rank by total. */
function byTotal(a: MedalRow, b: MedalRow): number {
  const first = [a.original.total, ...medals(a)];
  const second = [b.original.total, ...medals(b)];
  return first.map((value, i) => value - second[i]!).find((difference) => difference !== 0) ?? 0;
}

/**
 * The table's columns. By gold is the games' official order, the tally's own (the service ranks by
 * gold, silver, bronze): no sort. By total sorts on the total column; ties keep the tally's order.
 */
const columns: ColumnDef<typeof medalFeatures, TallyRow>[] = [
  { id: 'delegation', accessorFn: (row) => row.organisation, enableSorting: false },
  { id: 'gold', accessorFn: (row) => row.gold, enableSorting: false },
  { id: 'silver', accessorFn: (row) => row.silver, enableSorting: false },
  { id: 'bronze', accessorFn: (row) => row.bronze, enableSorting: false },
  { id: 'total', accessorFn: (row) => row.total, sortFn: byTotal },
];

const SORTING: Readonly<Record<MedalOrder, SortingState>> = {
  gold: [],
  total: [{ id: 'total', desc: true }],
};

/**
 * The tally in the chosen order, with the rank the service gives that order (equal totals share
 * theirs): the medal table's model, for the page, its embed and its CSV alike.
 */
export function orderTally(rows: readonly TallyRow[], order: MedalOrder): { row: TallyRow; rank: number }[] {
  const table = constructTable({
    features: medalFeatures,
    columns,
    data: rows as TallyRow[],
    getRowId: (row) => row.organisation,
    state: { sorting: SORTING[order] },
  });
  return table
    .getRowModel()
    .rows.map(({ original }) => ({ row: original, rank: order === 'total' ? original.rankTotal : original.rank }));
}
