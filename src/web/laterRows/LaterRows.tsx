import { useId, useSyncExternalStore, type ReactNode } from 'react';
import {
  LATER_COUNT_PROPERTY,
  LATER_PARTIAL_ATTRIBUTE,
  LATER_ROWS_ATTRIBUTE,
  LATER_SKIP_ATTRIBUTE,
  LATER_SPACE_CLASS,
} from './marks';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the page hydrates (both render the same tree), true once React runs
 * the page: from then on it draws the whole table itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export interface LaterRows<Row> {
  /** The rows the page draws: the first screen's in the server's HTML, all of them once hydrated. */
  readonly shown: readonly Row[];
  /** How many rows the boot script brings in as the reader nears them (0: none). */
  readonly later: number;
  /** The id of the `<noscript>` that holds the whole table. */
  readonly source: string;
  /** Attributes of the element that holds the partial table: hidden when scripts do not run. */
  readonly partial: Record<string, string>;
}

/**
 * A long table's rows split for the first paint: the server's HTML draws `first` rows, and the boot
 * script (laterRowsScript.ts) moves the others in from a `<noscript>` copy of the whole table when
 * the reader nears them. The first frame lays out one screen of rows, not the whole table.
 */
export function useLaterRows<Row>(rows: readonly Row[], first: number): LaterRows<Row> {
  const hydrated = useHydrated();
  const source = useId();
  const later = hydrated ? 0 : Math.max(0, rows.length - first);
  return {
    shown: later > 0 ? rows.slice(0, first) : rows,
    later,
    source,
    partial: later > 0 ? { [LATER_PARTIAL_ATTRIBUTE]: '' } : {},
  };
}

/**
 * Where the later rows go: a `<tbody>` after the drawn rows, holding until then one row as tall as
 * the rows it stands for. Its content is the script's, so React leaves it as it finds it.
 * `skip` is how many body rows of the whole table are drawn already.
 */
export function LaterRowsBody({ source, skip, later }: { source: string; skip: number; later: number }) {
  const space = `<tr class="${LATER_SPACE_CLASS}" aria-hidden="true" style="${LATER_COUNT_PROPERTY}:${later}"></tr>`;
  return (
    <tbody
      {...{ [LATER_ROWS_ATTRIBUTE]: source, [LATER_SKIP_ATTRIBUTE]: String(skip) }}
      dangerouslySetInnerHTML={{ __html: space }}
      suppressHydrationWarning
    />
  );
}

/** The whole table for the later rows' script, and for a reader whose browser runs no scripts. */
export function LaterRowsSource({ source, children }: { source: string; children: ReactNode }) {
  return <noscript id={source}>{children}</noscript>;
}
