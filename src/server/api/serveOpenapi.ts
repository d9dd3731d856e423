/**
 * `GET /api/openapi.json`: the description, generated once per server process (it changes only with
 * the service's build), answered as a document is: a strong ETag, 304 on a current copy, gzip.
 */
import { fixedAnswer, type FixedHandler } from '../http/fixedAnswer';
import { SECURITY_HEADERS } from '../http/headers';
import { CROSS_ORIGIN_RESOURCE } from './cors';
import { OPENAPI_CACHE_CONTROL } from './publicRoutes';

/**
 * The answer, made on first request: a server that is never asked for it spends nothing on it.
 * `describe` is the document the pages read too (openapi.ts `lazyDescription`), made once.
 */
export function openApiAnswer(describe: () => Record<string, unknown>): FixedHandler {
  return fixedAnswer(() => ({
    text: JSON.stringify(describe()),
    headers: {
      ...SECURITY_HEADERS,
      ...CROSS_ORIGIN_RESOURCE,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': OPENAPI_CACHE_CONTROL,
    },
  }));
}
