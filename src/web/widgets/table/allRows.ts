import { createContext, useCallback } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Asks the page for the whole of a table of which it holds the first rows only
 * (`TableView.rowCount`, a server-rendered page of a big field). The shell and the embeds provide it
 * (`useLoadAllRows`); outside a page nothing loads more.
 */
export const LoadAllRowsContext = createContext<(() => void) | undefined>(undefined);

/** Re-runs the page's loaders in the browser, which read whole documents: the table is completed. */
export function useLoadAllRows(): () => void {
  const revalidator = useRevalidator();
  return useCallback(() => void revalidator.revalidate(), [revalidator]);
}
