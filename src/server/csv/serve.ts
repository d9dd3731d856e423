/**
 * `GET /api/csv/medals.csv?lang=&sort=` and `GET /api/csv/{unitCode}.csv?lang=&tab=` (addresses:
 * core/csvLinks.ts): the medal table and a unit's table as CSV files, in the language of `?lang=`
 * (zh_CN when none), the page's rows and cells as text (medalTable.ts, unitTable.ts). Cached as the
 * documents are (their Cache-Control, a strong ETag, 304s, gzip); a file is made once per version of
 * the documents it reads (cache.ts), on a render thread when the service has them (make.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { csvTargetOf } from '../../core/csvLinks';
import { requestLocale } from '../../web/i18n/locale';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { answeredNotModified } from '../http/conditional';
import { sendsGzip } from '../http/encoding';
import { GZIP_MIN_BYTES } from '../http/gzipCopies';
import { documentCacheControl, sendError, SECURITY_HEADERS } from '../http/headers';
import { csvOnThread, type RenderThreads } from '../http/renderTasks';
import type { DocumentStore } from '../store/documents';
import { CsvCache, type CsvOutcome } from './cache';
import { makeCsv, type CsvRequest } from './make';
import { CSV_CONTENT_TYPE } from './write';

/** What a path names (shared with the pages' links), undefined for no CSV; CSV_PATH is the route's matcher. */
export { csvTargetOf, CSV_PATH } from '../../core/csvLinks';

/** Files kept per server process: the 5,200-finisher marathon's is about 0.5 MB with its gzip copy. */
const cache = new CsvCache(32 * 1024 * 1024);
/** A tab's id as plugins write them; anything else in `?tab=` is no tab (the page's default). */
const TAB = /^[A-Za-z0-9]{1,32}$/;

/**
 * Answers a CSV address; false when `path` is none (the caller goes on to its other routes). Only
 * GET and HEAD reach it (the server's method check). A file is made on one of `threads` when given.
 */
export async function serveCsv(
  req: IncomingMessage,
  res: ServerResponse,
  store: DocumentStore,
  path: string,
  threads?: RenderThreads,
): Promise<boolean> {
  const target = csvTargetOf(path);
  if (!target) return false;
  if (target.kind === 'malformed') {
    sendError(res, 400, `"${target.name}" is not a unit code (an RSC of 34 characters) nor "medals"`);
    return true;
  }
  const url = new URL(req.url ?? '/', 'http://podium.invalid');
  const query = url.searchParams;
  // The address's language only, never the reader's cookie: the same link is the same file for all.
  const locale = requestLocale(url, undefined);
  const variant = target.kind === 'medals' ? (query.get('sort') === 'total' ? 'total' : 'gold') : tabOf(query);
  const request: CsvRequest = { target, locale, variant, key: `${path}|${locale}|${variant}` };
  let outcome: CsvOutcome;
  try {
    outcome = await cache.get(
      request.key,
      (type, code) => store.etag(type, code),
      () => (threads ? onThread(threads, store, request) : makeCsv(store, request)),
    );
  } catch (error) {
    console.error(`podium: ${path}: ${(error as Error).stack ?? String(error)}`);
    sendError(res, 500, `the table of ${path} could not be made`);
    return true;
  }
  if ('missing' in outcome) {
    sendError(res, outcome.missing.status, outcome.missing.message);
    return true;
  }
  const { file } = outcome;
  const headers = {
    ...SECURITY_HEADERS,
    // Open data: another site may link or fetch it (the route's CORS comes from the route table).
    ...CROSS_ORIGIN_RESOURCE,
    'Content-Type': CSV_CONTENT_TYPE,
    'Content-Disposition': file.disposition,
    'Cache-Control': documentCacheControl(file.resultStatus),
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  };
  // No Last-Modified: names come from code tables that change without the result; the ETag says all.
  if (answeredNotModified(req, res, { etag: file.etag }, headers)) return true;
  const gzip = sendsGzip(req, file.body.length, GZIP_MIN_BYTES);
  const body = gzip ? file.gzip : file.body;
  res.writeHead(200, { ...headers, 'Content-Length': body.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

const tabOf = (query: URLSearchParams): string => {
  const tab = query.get('tab') ?? '';
  return TAB.test(tab) ? tab : '';
};

/** Made on a render thread; here when none can make it (it could not start, it died): slower, never lost. */
const onThread = (threads: RenderThreads, store: DocumentStore, request: CsvRequest): Promise<CsvOutcome> =>
  csvOnThread(threads, request).catch((error: unknown) => {
    console.error(`podium: render thread: ${(error as Error).message}; making ${request.key} here`);
    return makeCsv(store, request);
  });
