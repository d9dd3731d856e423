import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { findQuery, rowFilterOf, type RowFilter } from '../../../core/views/find';

export interface RowFilterState {
  /** What the reader typed, as typed (the box shows it). */
  readonly text: string;
  readonly org: string;
  /** The filter applied: the query folded. */
  readonly filter: RowFilter;
  readonly setText: (text: string) => void;
  readonly setOrg: (org: string) => void;
}

/** The page's address with a filter in it (other parameters kept), or undefined when it already has it. */
export function addressWith(href: string, text: string, org: string): string | undefined {
  const url = new URL(href);
  const before = url.search;
  for (const [name, value] of [
    ['q', text.trim()],
    ['org', org],
  ] as const) {
    if (value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.search === before ? undefined : url.toString();
}

/**
 * A table's filter, started from the page's address (`?q=`, `?org=`: the server's HTML is filtered
 * the same way) and kept in it as the reader types, so the address is a link to what they see.
 * The address is replaced in place, not navigated: a keystroke reads nothing again.
 */
export function useRowFilter(): RowFilterState {
  const { search } = useLocation();
  const [state, setState] = useState(() => {
    const params = new URLSearchParams(search);
    return { text: params.get('q') ?? '', org: rowFilterOf(params).org };
  });
  useEffect(() => {
    const next = addressWith(window.location.href, state.text, state.org);
    // The router's own entry state is kept: back and forward still work.
    if (next) window.history.replaceState(window.history.state, '', next);
  }, [state]);
  const setText = useCallback((text: string) => setState((current) => ({ ...current, text })), []);
  const setOrg = useCallback((org: string) => setState((current) => ({ ...current, org })), []);
  return { text: state.text, org: state.org, filter: { q: findQuery(state.text), org: state.org }, setText, setOrg };
}
