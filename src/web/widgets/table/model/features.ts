import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

/**
 * What a result table does with TanStack Table: filtering (the filter box's query over the rows'
 * keys, a delegation), sorting by one column or several, columns shown or hidden, rows whose
 * details are open. Registered once: only these features' code is in the bundle.
 */
export const resultTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  rowExpandingFeature,
});

export type ResultTableFeatures = typeof resultTableFeatures;
