import { renderToString } from 'react-dom/server';
import { collatorFor, type TableView, type ViewColumn, type ViewRow } from '../../../src/core/views';
import { NO_FILTER, type RowFilter } from '../../../src/core/views/find';
import type { ReaderSorting } from '../../../src/web/widgets/table/model/types';
import { useResultModel } from '../../../src/web/widgets/table/model/useResultModel';

export type Sort = { id: string; desc: boolean } | undefined;

/**
 * The rows a result table's model (TanStack Table, as the page runs it) draws for a view, a sort
 * and a filter: read by rendering a component that uses the model, in the server's renderer.
 */
export function modelRows(
  table: { columns: readonly ViewColumn[]; rows: readonly ViewRow[] },
  options: { sorting?: ReaderSorting; collator?: Intl.Collator; filter?: RowFilter; hidden?: string[] },
): ViewRow[] {
  const view: TableView = { kind: 'table', details: [], legend: [], ...table };
  let drawn: readonly ViewRow[] = [];
  function Probe() {
    drawn = useResultModel(view, {
      collator: options.collator ?? collatorFor('en-US'),
      sorting: options.sorting ?? [],
      onSortingChange: () => {},
      filter: options.filter ?? NO_FILTER,
      hidden: options.hidden ?? [],
    }).rows;
    return null;
  }
  renderToString(<Probe />);
  return [...drawn];
}
