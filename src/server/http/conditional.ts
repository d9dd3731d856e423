/**
 * Conditional requests, once for every answer (documents, pages, reports, calendars, assets): RFC
 * 9110 section 13 as the kept library `fresh` reads it. `If-None-Match` is a list of tags compared
 * weakly (`W/"x"` matches `"x"` and the reverse) or `*`; it takes precedence over
 * `If-Modified-Since`, which is read only where the answer sends a Last-Modified.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fresh from 'fresh';

/** What an answer can be revalidated by: its ETag, and its Last-Modified where a date is known. */
export interface Validators {
  readonly etag: string;
  /** An HTTP-date, only where the answer sends it as Last-Modified. */
  readonly lastModified?: string | undefined;
}

/**
 * Whether the reader's copy is current, so a 304 answers. Only GET and HEAD (the only methods these
 * answers take) and only for an answer that would be a 200: the caller asks for those alone.
 *
 * `fresh` alone says no to any request with `Cache-Control: no-cache` (Express's reading, for a
 * browser's reload). It is given the two conditions only: no-cache asks caches on the way to
 * revalidate with the origin (RFC 9111 section 5.2.1.4), and the origin's 304 is that validation.
 * It matters: Node's fetch, and a browser's fetch() with its own If-None-Match, add
 * `Cache-Control: no-cache` to every conditional request, so an API reader polling with its ETag
 * would get the whole document each time. A reload that wants the body sends no validator.
 */
export function notModified(req: IncomingMessage, validators: Validators): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  // The burst's common case, no condition at all: no object made, no library call.
  if (ifNoneMatch === undefined && ifModifiedSince === undefined) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return fresh(
    { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince },
    { etag: validators.etag, 'last-modified': validators.lastModified },
  );
}

/**
 * Headers about the body itself, which a 304 has none of (RFC 9110 section 15.4.5: it repeats the
 * validators, Cache-Control, Vary and the like of the 200 it stands for, not its representation).
 */
const BODY_HEADERS = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'content-range',
  'content-disposition',
]);

/** A 200's headers as its 304 sends them: ETag, Cache-Control, Vary and the rest, without the body's. */
export function notModifiedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !BODY_HEADERS.has(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** Sends a 304 with `headers` (made by notModifiedHeaders) and no body. */
export function sendNotModified(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  res.writeHead(304, headers);
  res.end();
}

/**
 * Answers 304 (with the 200's headers less the body's, no body) when the reader's copy is current;
 * false when the caller sends the answer itself.
 */
export function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  validators: Validators,
  headers: OutgoingHttpHeaders,
): boolean {
  if (!notModified(req, validators)) return false;
  sendNotModified(res, notModifiedHeaders({ ...headers, ETag: validators.etag }));
  return true;
}
