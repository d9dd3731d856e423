import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedPage } from './pageCache';
import { notModified, notModifiedHeaders, sendNotModified } from './conditional';
import { sendsGzip } from './encoding';
import { EMBED_SECURITY_HEADERS, NO_STORE, SECURITY_HEADERS, sendError } from './headers';

/** Pages may be kept by shared caches like documents: briefly fresh, then stale while revalidated. */
export const PAGE_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30, stale-if-error=86400';

/** What an answer with a page depends on besides the page. */
export interface PageAnswer {
  /** The language cookie to set (the reader chose a language by link), if any. */
  readonly cookie: string | undefined;
  /** A path no page can have: its not-found page is never stored by anyone. */
  readonly impossible: boolean;
  readonly csp: string;
  /** An embed: other sites may frame it (`csp` says so too). */
  readonly framed: boolean;
}

/**
 * A kept page's response headers as Node writes fastest (a flat list, made once per page and
 * encoding, not per request): the common answer of a burst, a 200 or 404 without a cookie to set.
 */
export type PreparedHeaders = WeakMap<CachedPage, { plain?: string[]; gzip?: string[] }>;

/** Sends `page`: from headers made once when it is the burst's common answer, else with its cookie or a 304. */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  answer: PageAnswer,
  prepared: PreparedHeaders,
): void {
  const { cookie, impossible, csp, framed } = answer;
  // Every page keeps its gzip copy, small or not: sent to whoever takes gzip.
  const compress = sendsGzip(req);
  const body = compress ? page.gzip : page.html;
  // Without If-None-Match a page is never a 304 (it has no Last-Modified for If-Modified-Since).
  if (!cookie && !impossible && page.status < 500 && !req.headers['if-none-match']) {
    // The burst's answer: the same headers as below, made once per kept page as one list.
    let kept = prepared.get(page);
    if (!kept) prepared.set(page, (kept = {}));
    const headers = (kept[compress ? 'gzip' : 'plain'] ??= Object.entries({
      ...commonHeaders(page, csp, framed, PAGE_CACHE_CONTROL),
      ...bodyHeaders(body, compress),
    }).flat());
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  // Shared caches may keep a page like a document; one that sets the language cookie is the
  // reader's own. The cookie chooses the language: a cache must key on it (deploy/nginx.conf).
  // A failed page or an impossible path is never kept by anyone.
  const cacheControl = impossible || page.status >= 500 ? NO_STORE : cookie ? 'private, no-cache' : PAGE_CACHE_CONTROL;
  const common = commonHeaders(page, csp, framed, cacheControl, cookie);
  // Only a 200 is revalidated (RFC 9110 section 13.2.1); a page has no Last-Modified, only its ETag.
  if (page.status === 200 && notModified(req, { etag: page.etag }))
    return sendNotModified(res, notModifiedHeaders(common));
  res.writeHead(page.status, { ...common, ...bodyHeaders(body, compress) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The headers of every answer with a page, a 304 included. */
function commonHeaders(
  page: CachedPage,
  csp: string,
  framed: boolean,
  cacheControl: string,
  cookie?: string,
): Record<string, string> {
  return {
    ...(framed ? EMBED_SECURITY_HEADERS : SECURITY_HEADERS),
    ETag: page.etag,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding, Cookie',
    'Content-Security-Policy': csp,
    // A language chosen by link is remembered (spec section 4), for the server and the browser alike.
    ...(cookie ? { 'Set-Cookie': cookie } : {}),
  };
}

/** The headers of a page's body as sent. */
function bodyHeaders(body: Buffer, compress: boolean): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
  };
}

/** Sends a page's redirect, on this site only (a target elsewhere is no page: 404). */
export function sendRedirect(res: ServerResponse, status: number, target: string, setCookie?: string): void {
  const location = sameSiteLocation(target);
  if (!location) return sendError(res, 404, 'no such page', { 'Cache-Control': NO_STORE });
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    Location: location,
    'Cache-Control': 'no-cache',
    ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
  });
  res.end();
}

/**
 * A redirect's target as a valid, escaped path on this site; undefined for anything that would leave
 * it (`//host`, `/\host`, a scheme). URL serialisation percent-encodes what a header cannot carry.
 */
export function sameSiteLocation(location: string): string | undefined {
  if (!location.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(location, 'http://site.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://site.invalid') return undefined;
  return url.pathname + url.search;
}
