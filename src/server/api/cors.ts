/**
 * Cross-origin reads of the public API (issue 49, DESIGN section 5 "Open data"): any site's script
 * may read the documents, code tables, search, reports, calendars and live channel, without
 * credentials (`*`: no cookie or token is ever taken from another site), and may revalidate with
 * `If-None-Match` (a preflight, answered here) and read the ETag. Internal routes send none of this,
 * so a browser refuses another site's script both the answer and the preflight.
 * deploy/nginx.conf sends the same values where nginx answers itself (tests/server/corsEdge.test.ts).
 */
import type { ServerResponse } from 'node:http';
import { NO_STORE, SECURITY_HEADERS } from '../http/headers';

/** What a script may read beyond the safelisted headers (Last-Modified is one; listed for old browsers). */
export const EXPOSED_HEADERS = 'ETag, Last-Modified, Retry-After, Content-Range, Accept-Ranges';

/** What a script may send: the validators, a PDF viewer's ranges, EventSource's reconnection id. */
export const ALLOWED_REQUEST_HEADERS =
  'If-None-Match, If-Modified-Since, If-Range, Range, Last-Event-ID, Cache-Control';

/** How long a browser keeps a preflight's answer (s): a day (Chromium keeps two hours at most). */
export const PREFLIGHT_MAX_AGE = '86400';

/** The headers that let another site's script read an answer. */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
} as const;

/**
 * A public answer may be embedded by other sites too (no-cors); the site's pages and internal
 * answers stay `same-origin` (SECURITY_HEADERS).
 */
export const CROSS_ORIGIN_RESOURCE = { 'Cross-Origin-Resource-Policy': 'cross-origin' } as const;

/** Both, for answers that build their headers once (documents.ts). */
export const PUBLIC_READ_HEADERS = { ...CORS_HEADERS, ...CROSS_ORIGIN_RESOURCE } as const;

/**
 * Marks an answer of a public route readable by other sites before its handler writes it: the
 * handler's own headers (errors, 304s, streams) keep these, whatever it sends.
 */
export function allowCrossOrigin(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', CORS_HEADERS['Access-Control-Allow-Origin']);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** Answers an OPTIONS request to a public route: the preflight of a cross-origin read. */
export function sendPreflight(res: ServerResponse, allow: string): void {
  res.writeHead(204, {
    ...SECURITY_HEADERS,
    ...CROSS_ORIGIN_RESOURCE,
    'Access-Control-Allow-Origin': CORS_HEADERS['Access-Control-Allow-Origin'],
    Allow: allow,
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age': PREFLIGHT_MAX_AGE,
    'Cache-Control': NO_STORE,
  });
  res.end();
}
