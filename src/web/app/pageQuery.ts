/**
 * The query parameters a page reads (its loaders' `searchParams.get`): the only ones that can change
 * a page, so the only ones a cache may key on. A parameter a loader reads must be listed here
 * (tests/server/hostileRequests.test.ts reads the loaders and fails otherwise), or the server
 * renders the page without it.
 */
export const PAGE_QUERY_PARAMETERS = [
  'date',
  'discipline',
  'event',
  'lang',
  'org',
  'page',
  'preview',
  'q',
  'sort',
  'tab',
  'type',
  'venue',
] as const;

export type PageQueryParameter = (typeof PAGE_QUERY_PARAMETERS)[number];

/** No page reads a longer value (search queries are cut at 40 characters). */
const LONGEST_VALUE = 100;

/**
 * A page's URL as far as it can change the page: its path, and the first non-empty value of each
 * parameter a page reads, in one order. Junk parameters, repeats and order make no new page.
 */
export function canonicalPageUrl(url: URL): string {
  const kept = new URLSearchParams();
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    // As nginx's $arg_ variables read them: names without case, the first one counts even when
    // empty. So `?TAB=x` is the `?tab=x` page and `?tab=&tab=x` the page without one, in both
    // caches: neither can keep one page under the other's key.
    const known = name.toLowerCase();
    if (seen.has(known) || !(PAGE_QUERY_PARAMETERS as readonly string[]).includes(known)) continue;
    seen.add(known);
    if (value) kept.set(known, value.slice(0, LONGEST_VALUE));
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Whether a page path can name a page: every segment ASCII letters, digits, `-`, `_` or `.` (ODF
 * codes, tabs and page names are), at most 64 characters, at most four segments. Anything else (a
 * Chinese or accented "code", markup, control characters, an emoji) is no page: a 404 decided
 * before any data is read.
 */
export function isPagePath(pathname: string): boolean {
  if (pathname === '/') return true;
  const segments = pathname.slice(1).split('/');
  if (segments.length > 4) return false;
  return segments.every((segment, i) => SEGMENT.test(segment) || (segment === '' && i === segments.length - 1));
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
