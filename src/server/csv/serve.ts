/**
 * `GET /api/csv/medals.csv?lang=&sort=` and `GET /api/csv/{unitCode}.csv?lang=&tab=` (addresses:
 * core/csvLinks.ts): the medal table and a unit's table as CSV files, in the language of `?lang=`
 * (zh_CN when none), the page's rows and cells as text (medalTable.ts, unitTable.ts). Cached as the
 * documents are (their Cache-Control, a strong ETag, 304s, gzip); a file is made once per version of
 * the documents it reads (cache.ts).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { csvTargetOf, type CsvTarget } from '../../core/csvLinks';
import { untypedDocument, type DataSource } from '../../web/data/source';
import { requestLocale, type LocaleId } from '../../web/i18n/locale';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { answeredNotModified } from '../http/conditional';
import { sendsGzip } from '../http/encoding';
import { GZIP_MIN_BYTES } from '../http/gzipCopies';
import { documentCacheControl, sendError, SECURITY_HEADERS } from '../http/headers';
import type { PageDependency } from '../http/pageCache';
import { storePageData } from '../http/pageData';
import type { DocumentStore } from '../store/documents';
import { CsvCache, type CsvOutcome } from './cache';
import { attachment } from './disposition';
import { medalTableRows } from './medalTable';
import { unitTableRows } from './unitTable';
import { CSV_CONTENT_TYPE, csvText, type CsvRows } from './write';

/** What a path names (shared with the pages' links), undefined for no CSV; CSV_PATH is the route's matcher. */
export { csvTargetOf, CSV_PATH } from '../../core/csvLinks';

/** Files kept per server process: the 5,200-finisher marathon's is about 0.5 MB with its gzip copy. */
const cache = new CsvCache(32 * 1024 * 1024);
/** A tab's id as plugins write them; anything else in `?tab=` is no tab (the page's default). */
const TAB = /^[A-Za-z0-9]{1,32}$/;

/**
 * Answers a CSV address; false when `path` is none (the caller goes on to its other routes). Only
 * GET and HEAD reach it (the server's method check).
 */
export async function serveCsv(
  req: IncomingMessage,
  res: ServerResponse,
  store: DocumentStore,
  path: string,
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
  const key = `${path}|${locale}|${variant}`;
  let outcome: CsvOutcome;
  try {
    outcome = await cache.get(
      key,
      (type, code) => store.etag(type, code),
      () => makeFile(store, target, locale, variant, key),
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

/**
 * The store as a page render reads it, but whole (no first-rows limit: the file is the whole table),
 * recording each document read with its version: the file is current while they keep theirs.
 */
function recordingSource(store: DocumentStore): { data: DataSource; dependencies: PageDependency[] } {
  const { tableRowLimit: _firstRowsOnly, ...whole } = storePageData(store);
  const dependencies: PageDependency[] = [];
  const document = ((type: string, code: string) => {
    dependencies.push({ type, code, etag: store.etag(type, code) });
    return untypedDocument(whole, type, code);
  }) as DataSource['document'];
  return { data: { document }, dependencies };
}

async function makeFile(
  store: DocumentStore,
  target: Exclude<CsvTarget, { kind: 'malformed' }>,
  locale: LocaleId,
  variant: string,
  key: string,
): Promise<CsvOutcome> {
  const { data, dependencies } = recordingSource(store);
  let rows: CsvRows;
  let disposition: string;
  let resultStatus: string | null = null;
  if (target.kind === 'medals') {
    const table = await medalTableRows(data, locale, variant);
    rows = table.rows;
    disposition = attachment(`medals-${table.order === 'total' ? 'total-' : ''}${locale}`, table.title, 'csv');
  } else {
    const table = await unitTableRows(data, target.code, locale, variant || undefined);
    if ('message' in table) return { missing: table };
    rows = table.rows;
    resultStatus = table.resultStatus ?? null;
    const ascii = `${target.code.replace(/-+$/, '')}-${table.tab}-${locale}`;
    disposition = attachment(ascii, table.title, 'csv');
  }
  const body = Buffer.from(csvText(rows));
  // The documents' versions and the language (in the key), and the bytes themselves: a new build
  // of the service may draw the same documents otherwise.
  const hash = createHash('sha256').update(`${key}\n`);
  for (const d of dependencies) hash.update(`${d.type}/${d.code}=${d.etag}\n`);
  const etag = `"csv${hash.update(body).digest('base64url').slice(0, 27)}"`;
  return {
    file: { body, gzip: gzipSync(body, { level: 6 }), etag, disposition, resultStatus, dependencies },
  };
}
