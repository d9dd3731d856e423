import { cellText, compareValues, type ViewColumn, type ViewRow } from '../../../core/views';

/** The column a table is sorted by, and which way; undefined: the layout's own order. */
export type TableSort = { readonly id: string; readonly desc: boolean } | undefined;

/**
 * What a click on a column's header does: an unsorted column sorts ascending, then descending, then
 * returns the table to the layout's order (the order the results system published).
 */
export function nextSort(current: TableSort, id: string): TableSort {
  if (current?.id !== id) return { id, desc: false };
  return current.desc ? undefined : { id, desc: true };
}

/**
 * The rows in a sort's order. Empty values stay last both ways; an irregular result (DNS, DSQ ...)
 * is never ranked among the others whatever the column, nor a group's totals row (drawn last);
 * ties keep the layout's order. Text in the reader's language's order (`collator`: pinyin on the
 * Simplified site, stroke order on the Traditional one).
 */
export function sortRows(
  rows: readonly ViewRow[],
  columns: readonly ViewColumn[],
  sort: TableSort,
  collator?: Intl.Collator,
): readonly ViewRow[] {
  if (!sort) return rows;
  const index = columns.findIndex((column) => column.id === sort.id);
  const column = columns[index];
  if (!column) return rows;
  const keyed = rows.map((row, order) => ({ row, order, text: cellText(row.cells[index]) }));
  const direction = sort.desc ? -1 : 1;
  keyed.sort((a, b) => {
    // A team's totals are not a player: after every player, in the teams' order.
    const totals = Number(Boolean(a.row.totals)) - Number(Boolean(b.row.totals));
    if (totals !== 0) return totals;
    if (a.row.totals) return a.order - b.order;
    const irregular = Number(Boolean(a.row.irregular)) - Number(Boolean(b.row.irregular));
    if (irregular !== 0) return irregular;
    if (a.text === '' || b.text === '') return a.text === b.text ? a.order - b.order : a.text === '' ? 1 : -1;
    return direction * compareValues(a.text, b.text, column.sort, collator) || a.order - b.order;
  });
  return keyed.map((entry) => entry.row);
}
