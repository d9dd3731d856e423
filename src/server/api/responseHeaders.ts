/**
 * The response headers the description names (its `components.headers`), each said once; a route's
 * answers list the ones they carry.
 */
export const RESPONSE_HEADERS = {
  ETag: 'A strong validator of the bytes (the same document, the same tag): send it back in `If-None-Match`.',
  'Last-Modified':
    'When the service received this version (to the second): `If-Modified-Since` is read where no `If-None-Match` is sent.',
  'Cache-Control': "How long a cache may keep the answer: the route's `caching` in this description.",
  Vary: '`Accept-Encoding`: gzip is sent to a client that accepts it.',
  'Retry-After': 'Seconds to wait before asking again.',
  Allow: 'The methods the path takes.',
  'Access-Control-Allow-Origin': '`*` on the public read API (no credentials); never on internal routes.',
  'Access-Control-Expose-Headers': 'The headers a script of another site may read (ETag among them).',
  'Accept-Ranges': '`bytes`: a PDF is sent in byte ranges on request (`Range`, `If-Range`).',
  'Content-Range': 'The slice sent (206), or the size when the range asked for is outside it (416).',
  'WWW-Authenticate': '`Bearer realm="podium"`.',
  'X-Ingest-Error': 'Why a posted message was refused, as a code (`not-xml`, `too-large` ...).',
  'X-Log-Id': "The refused message's row in the message log (`npm run messages -- show <id>`).",
} as const satisfies Readonly<Record<string, string>>;

export type HeaderName = keyof typeof RESPONSE_HEADERS;

export const headerRef = (name: HeaderName): string => `#/components/headers/${name}`;
