import type { ApiDocument, ApiDocumentType } from '../../../schemas/api';
import { noteRead, takeCarried, takeFresh } from '../live/pageChannels';
import { checkCommonCode, checkDocument, DataError, type OdfDocumentType } from './validate';

export type { OdfDocumentType };

/**
 * Where loaders read documents: the service's store when rendering on the server (passed as the
 * request context), the API over HTTP in the browser. Loaders never fetch in effects.
 */
export interface DataSource {
  /** A document the service derives: its body as the contract (schemas/api.ts) types it. */
  document<K extends ApiDocumentType>(type: K, code: string): Promise<ApiDocument<K> | undefined>;
  /** An ODF document as stored (`DT_*`): what a layout reads from it, the plugins' value paths say. */
  document<T = unknown>(type: OdfDocumentType, code: string): Promise<T | undefined>;
  /**
   * Set on the server's source: a page rendered there carries only this many rows of a long table,
   * so its hydration payload stays small; the browser loads the rest when the reader goes past them.
   */
  readonly tableRowLimit?: number;
  /**
   * The same reads, not followed live: what a page reads for its frame (the shell's list of days)
   * does not make the page refresh when it changes (live/pageChannels.ts).
   */
  readonly unfollowed?: DataSource;
  /**
   * The API's OpenAPI description, as /api/openapi.json answers it: on the server the document that
   * route serves (made once); the browser's source has none, and the one page that reads it fetches
   * the file itself (pages/developers), so no other page carries the code.
   */
  readonly apiDescription?: () => Promise<unknown>;
}

export const API_TIMEOUT_MS = 15_000;

/** Transport errors in the spec's words (section 8). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * GET a JSON answer of the API: 15 s timeout, aborted with the navigation, errors in the spec's
 * words. `fresh`: past the browser's cache (revalidated with the service: a live event said the
 * document changed). `answered` is told the answer's ETag.
 */
export async function getJson(
  path: string,
  signal: AbortSignal | undefined,
  fetcher: typeof fetch,
  { fresh = false, answered }: { fresh?: boolean; answered?: (etag: string | null) => void } = {},
): Promise<unknown> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetcher(path, {
      signal: combined,
      headers: { Accept: 'application/json' },
      ...(fresh ? { cache: 'no-cache' as const } : {}),
    });
  } catch (error) {
    if (timeout.aborted) throw new TransportError(`timeout of ${API_TIMEOUT_MS}ms exceeded`);
    if (signal?.aborted) throw new TransportError('Request aborted');
    throw new TransportError(`Network Error${error instanceof Error ? `: ${error.message}` : ''}`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new TransportError(`Request failed with status code ${response.status}`, response.status);
  answered?.(response.headers.get('ETag'));
  try {
    return await response.json();
  } catch {
    // A body cut short by the network or a proxy's HTML error page: the data is unusable, say so.
    throw new DataError(`The answer for ${path} is not valid JSON`);
  }
}

/**
 * The browser's source: GET /api/crs/odf/json/{type}/{code}, each answer checked against its type's
 * schema before a page sees it. Each document read is noted for the page's live channels (unless
 * `follow` is false), and one a live event said is newer is fetched past the browser's cache.
 */
export function httpSource(signal?: AbortSignal, fetcher: typeof fetch = fetch, follow = true): DataSource {
  let unfollowed: DataSource | undefined;
  return {
    async document<T>(type: string, code: string): Promise<T | undefined> {
      const fresh = takeFresh(type, code);
      // A small document comes in its live event: read from there, checked all the same.
      const carried = fresh ? takeCarried(type, code) : undefined;
      if (carried) {
        await checkDocument(type, carried.body);
        if (follow) noteRead(type, code, carried.etag);
        return carried.body as T;
      }
      // By the version a live event named (a URL no cache holds older), else past the browser's cache.
      const query = fresh?.version !== undefined ? `?v=${fresh.version}` : '';
      const body = await getJson(
        `/api/crs/odf/json/${encodeURIComponent(type)}/${encodeURIComponent(code)}${query}`,
        signal,
        fetcher,
        { fresh: fresh !== undefined && !query, answered: (etag) => follow && noteRead(type, code, etag) },
      );
      if (body === undefined) return undefined;
      await checkDocument(type, body);
      return body as T;
    },
    get unfollowed() {
      return follow ? (unfollowed ??= httpSource(signal, fetcher, false)) : undefined;
    },
  };
}

/** A code table of the service (spec section 7), checked: its items. */
export async function fetchCommonCode(
  table: string,
  signal?: AbortSignal,
  fetcher: typeof fetch = fetch,
): Promise<Record<string, unknown>[]> {
  const body = await getJson(`/api/crs/commonCode/${encodeURIComponent(table)}`, signal, fetcher);
  if (body === undefined) throw new TransportError('Request failed with status code 404', 404);
  await checkCommonCode(table, body);
  return (body as { Result: { Items: Record<string, unknown>[] } }).Result.Items;
}

/**
 * Reads a document of any type without its contract, for what only passes a document on (the page
 * cache's recording source, the follow cache): the caller that uses the body types it.
 */
export function untypedDocument(data: DataSource, type: string, code: string): Promise<unknown> {
  return (data.document as (type: string, code: string) => Promise<unknown>)(type, code);
}

/** The request context the server passes to loaders. */
export interface LoaderContext {
  data?: DataSource;
}

/** The loaders' source; `live: false` for reads that do not make the page follow their documents. */
export function sourceFor(context: unknown, request: Request, { live = true }: { live?: boolean } = {}): DataSource {
  const data = (context as LoaderContext | undefined)?.data ?? httpSource(request.signal);
  return live ? data : (data.unfollowed ?? data);
}
