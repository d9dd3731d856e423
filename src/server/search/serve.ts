import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLocale } from '../../web/i18n/locale';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { sendJson } from '../http/headers';
import type { DocumentStore } from '../store/documents';
import { QUERY_MAX, searchIndexOf } from './index';

/** Hits change with the documents: a minute by URL, then served stale while revalidated. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** `GET /api/search?q=&lang=`: hits for the header's search box, cacheable a minute by URL. */
export function serveSearch(req: IncomingMessage, res: ServerResponse, store: DocumentStore): void {
  const url = new URL(req.url ?? '/', 'http://podium.invalid');
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, QUERY_MAX);
  const locale = requestLocale(url, undefined);
  const hits = searchIndexOf(store).search(query, locale);
  sendJson(res, 200, { query, hits }, { 'Cache-Control': SEARCH_CACHE_CONTROL, ...CROSS_ORIGIN_RESOURCE });
}
