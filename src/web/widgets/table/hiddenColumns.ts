import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ViewColumn } from '../../../core/views';
import { safeStorage } from '../../store/storage';

const storage = safeStorage(() => (typeof window === 'undefined' ? undefined : window.localStorage));
const listeners = new Set<() => void>();
/** Choices made in this page: they hold when the storage is full or forbidden. */
const chosen = new Map<string, string>();
const NONE = '[]';

/** Where a table's hidden columns are kept: by its columns, so every table of a layout shares the choice. */
export const hiddenColumnsKey = (columns: readonly ViewColumn[]): string =>
  `podium-columns:${columns.map((column) => column.id).join(',')}`;

/** The hidden columns a stored text names, only those the table has; corrupt text hides none. */
export function readHidden(text: string, columns: readonly ViewColumn[]): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return columns.map((column) => column.id).filter((id) => value.includes(id));
  } catch {
    return [];
  }
}

function subscribe(changed: () => void): () => void {
  listeners.add(changed);
  // Another tab's choice applies here too.
  window.addEventListener('storage', changed);
  return () => {
    listeners.delete(changed);
    window.removeEventListener('storage', changed);
  };
}

/**
 * The columns a reader hid with the column chooser, remembered on the device. The server's HTML
 * has every column (it knows no device), and so does hydration; the choice applies right after.
 */
export function useHiddenColumns(columns: readonly ViewColumn[]): [readonly string[], (hidden: string[]) => void] {
  const key = hiddenColumnsKey(columns);
  const text = useSyncExternalStore(
    subscribe,
    () => chosen.get(key) ?? storage.readText(key) ?? NONE,
    () => NONE,
  );
  const hidden = useMemo(() => readHidden(text, columns), [text, columns]);
  const choose = useCallback(
    (next: string[]) => {
      chosen.set(key, JSON.stringify(next));
      storage.writeText(key, JSON.stringify(next));
      for (const changed of listeners) changed();
    },
    [key],
  );
  return [hidden, choose];
}
