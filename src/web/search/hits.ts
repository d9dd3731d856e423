import type { LocaleId } from '../i18n/locale';

/** What a search finds: a sport, a delegation or an athlete (one as-const source). */
export const SEARCH_KINDS = ['sport', 'delegation', 'athlete'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One hit, its texts in the reader's language. */
export interface SearchHit {
  readonly kind: SearchKind;
  readonly code: string;
  readonly name: string;
  /** An athlete's delegation and sport. */
  readonly detail?: string;
  /** The page the hit opens. */
  readonly href: string;
}

const isHit = (value: unknown): value is SearchHit => {
  const hit = value as Partial<SearchHit> | null;
  return (
    typeof hit === 'object' &&
    hit !== null &&
    (SEARCH_KINDS as readonly unknown[]).includes(hit.kind) &&
    typeof hit.code === 'string' &&
    typeof hit.name === 'string' &&
    typeof hit.href === 'string' &&
    hit.href.startsWith('/') &&
    (hit.detail === undefined || typeof hit.detail === 'string')
  );
};

/** The site is served without its service (a static mirror): searching again will not help. */
export class SearchUnavailable extends Error {
  constructor() {
    super('search is not available on this copy of the site');
  }
}

/** The message that says why a search has no hits: the service failed, or there is none to ask. */
export const searchFailure = (error: unknown): 'search.unavailable' | 'search.failed' =>
  error instanceof SearchUnavailable ? 'search.unavailable' : 'search.failed';

/** Asks the service (`/api/search`); an answer of another shape is an error, not a list. */
export async function fetchSearch(query: string, locale: LocaleId, signal?: AbortSignal): Promise<SearchHit[]> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(query)}&lang=${locale}`, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  // A copy of the site without the service (the exported mirror) has no search at all.
  if (response.status === 404 || response.status === 405) throw new SearchUnavailable();
  if (!response.ok) throw new Error(`search failed with status code ${response.status}`);
  const body = (await response.json()) as { hits?: unknown };
  if (!Array.isArray(body.hits) || !body.hits.every(isHit)) throw new Error('the search answer is not a list of hits');
  return body.hits;
}
