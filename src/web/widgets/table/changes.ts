import { useEffect, useRef, useState } from 'react';
import { cellText, type CellValue, type TableView } from '../../../core/views';

const fingerprint = (cells: readonly CellValue[]) => cells.map(cellText).join('\u0001');

/**
 * Keys of the rows whose values differ between two views of the same table (new rows included).
 * When the earlier view held only the first rows of a field (`rowCount`), the rows it did not hold
 * are not new: they were read, not changed.
 */
export function changedRows(before: TableView | undefined, after: TableView): Set<string> {
  const changed = new Set<string>();
  if (!before) return changed;
  const partial = before.rowCount !== undefined;
  const old = new Map(before.rows.map((r) => [r.key, fingerprint(r.cells)]));
  for (const row of after.rows) {
    const was = old.get(row.key);
    if (was === undefined && partial) continue;
    if (was !== fingerprint(row.cells)) changed.add(row.key);
  }
  return changed;
}

/**
 * Rows changed by the latest refresh of a live document, highlighted for a few seconds so a
 * spectator sees what moved. The first view highlights nothing.
 */
export function useChangedRows(view: TableView, holdMs = 4000): ReadonlySet<string> {
  const previous = useRef<TableView | undefined>(undefined);
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const keys = changedRows(previous.current, view);
    previous.current = view;
    if (keys.size === 0) return;
    setChanged(keys);
    const timer = setTimeout(() => setChanged(new Set()), holdMs);
    return () => clearTimeout(timer);
  }, [view, holdMs]);
  return changed;
}
