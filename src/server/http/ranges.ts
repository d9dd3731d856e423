import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sendError } from './headers';

/** What to answer a request for `size` bytes: all of them, one slice (inclusive), or none (416). */
export type RangeChoice =
  | { readonly kind: 'whole' }
  | { readonly kind: 'slice'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const WHOLE: RangeChoice = { kind: 'whole' };
const SINGLE_RANGE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * Reads `Range` as RFC 9110 section 14 asks: only for GET; one byte range (`a-b`, `a-`, `-n`) is
 * answered as a slice; several ranges, another unit or a malformed header are answered whole (a
 * server may ignore Range); an `If-Range` that does not name the current ETag strongly is answered
 * whole, so a client never joins slices of two versions. A range starting past the end is 416.
 */
export function chooseRange(req: IncomingMessage, size: number, etag: string | undefined): RangeChoice {
  const header = req.headers.range;
  if (req.method !== 'GET' || !header) return WHOLE;
  const ifRange = req.headers['if-range'] as string | undefined;
  // A date (or a weak tag) never matches: no Last-Modified is sent, and If-Range compares strongly.
  if (ifRange !== undefined && (etag === undefined || ifRange.trim() !== etag)) return WHOLE;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    // The last n bytes; all of them when n is the size or more, none when n is 0.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'slice', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE; // Not a valid range: ignored, as a malformed header is.
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'slice', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Sends `body` (never compressed: a slice is of the bytes as stored) with `headers`, whole (200), as
 * the one slice asked for (206, Content-Range), or 416 with the size; always `Accept-Ranges: bytes`.
 */
export function sendRanged(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  headers: OutgoingHttpHeaders,
  etag?: string,
): void {
  const choice = chooseRange(req, body.length, etag);
  const size = body.length;
  if (choice.kind === 'unsatisfiable')
    return sendError(res, 416, `the range ${String(req.headers.range).slice(0, 100)} is outside the ${size} bytes`, {
      'Content-Range': `bytes */${size}`,
      'Accept-Ranges': 'bytes',
    });
  const slice = choice.kind === 'slice' ? body.subarray(choice.start, choice.end + 1) : body;
  res.writeHead(choice.kind === 'slice' ? 206 : 200, {
    ...headers,
    ...(etag === undefined ? {} : { ETag: etag }),
    'Accept-Ranges': 'bytes',
    'Content-Length': slice.length,
    ...(choice.kind === 'slice' ? { 'Content-Range': `bytes ${choice.start}-${choice.end}/${size}` } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : slice);
}
