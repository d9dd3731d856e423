/**
 * The addresses of the CSV downloads (issue 49): the medal table and a unit's result table, each in
 * a page's language. One module for both sides, so the links the pages draw and the route the
 * service answers cannot drift apart.
 *
 * Under `/api/` because a CSV is open data beside the JSON documents (the OpenAPI describes it, and
 * the API's cross-origin reads apply), not a page: the site's router, its page cache and nginx's
 * page rules never see it. The unit is named by its 34-character RSC as its page is (`/{code}`),
 * and the query is the page's own (`lang`, and `sort` or `tab`), so a page's link is its own
 * address with `.csv`. The language is always in the URL, never a cookie: a download is the same
 * bytes for everyone who follows the same link, and any cache in front can key it by URL.
 */
import { RSC_PATTERN } from './rsc';
import type { LocaleId } from './sports/vocabulary';

export const CSV_PREFIX = '/api/csv/';
/** The medal table's name in its CSV address: `/api/csv/medals.csv`. */
export const MEDALS_CSV_NAME = 'medals';

/** What a CSV address names: the medal table, a unit's table, or a unit code that is not one (a 400). */
export type CsvTarget =
  | { readonly kind: 'medals' }
  | { readonly kind: 'unit'; readonly code: string }
  | { readonly kind: 'malformed'; readonly name: string };

/** `/api/csv/<name>.csv`: a name of letters, digits and hyphens (an RSC is 34 of them). The route's matcher. */
export const CSV_PATH = /^\/api\/csv\/([A-Za-z0-9-]{1,64})\.csv$/;

/** The route's matcher: what a request path names, or undefined when it is no CSV address. */
export function csvTargetOf(path: string): CsvTarget | undefined {
  const name = CSV_PATH.exec(path)?.[1];
  if (name === undefined) return undefined;
  if (name === MEDALS_CSV_NAME) return { kind: 'medals' };
  return RSC_PATTERN.test(name) ? { kind: 'unit', code: name } : { kind: 'malformed', name };
}

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return `${path}?${params.toString()}`;
};

/** The medal table's CSV in `locale`, in the page's order (`total`: by total; gold, the default, is left out). */
export function medalTableCsvUrl(locale: LocaleId, order?: 'gold' | 'total'): string {
  return withQuery(`${CSV_PREFIX}${MEDALS_CSV_NAME}.csv`, {
    lang: locale,
    sort: order === 'total' ? 'total' : undefined,
  });
}

/** A unit's table as CSV in `locale`: the tab the page shows (its default tab when none is named). */
export function unitCsvUrl(code: string, locale: LocaleId, tab?: string): string {
  return withQuery(`${CSV_PREFIX}${encodeURIComponent(code)}.csv`, { lang: locale, tab });
}
