import { createContext } from 'react';

/**
 * Asks the page for the whole of a table of which it holds the first rows only
 * (`TableView.rowCount`, a server-rendered page of a big field). The shell provides it by re-running
 * the page's loader in the browser, which reads whole documents; outside a page nothing loads more.
 */
export const LoadAllRowsContext = createContext<(() => void) | undefined>(undefined);
