import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { DERIVED_TYPES } from '../derive';
import { COMMON_CODE_TABLES } from '../derive/commonCode';
import { DOCUMENT_CODE_PATTERN, DOCUMENT_TYPE_PATTERN } from '../odf/envelope';
import type { DocumentStore, StoredDocument } from '../store/documents';
import { notModified, notModifiedHeaders, sendNotModified } from './conditional';
import { sendsGzip } from './encoding';
import { GzipCopies, GZIP_MIN_BYTES } from './gzipCopies';
import { PUBLIC_READ_HEADERS } from '../api/cors';
import { documentCacheControl, sendError, SECURITY_HEADERS } from './headers';

/** ODF documents are addressed by RSC, or `ALL` for games-wide ones (DESIGN section 4). */
export const ODF_CODE = new RegExp(`${DOCUMENT_CODE_PATTERN.source}|^ALL$`);

/** Why a type or code is malformed, or undefined when both are well-formed. */
export function addressProblem(type: string, code: string): string | undefined {
  const derived = DERIVED_TYPES.get(type);
  if (derived) return derived.test(code) ? undefined : `"${code}" is not a valid code for ${type}`;
  if (!DOCUMENT_TYPE_PATTERN.test(type)) return `"${type}" is not a document type`;
  if (!ODF_CODE.test(code)) return `"${code}" is not a document code (an RSC of 34 characters, or ALL)`;
  return undefined;
}

/** Compressed bodies by ETag: documents are read far more often than written. */
const gzipCopies = new GzipCopies(512);

/** What answering a document needs, computed once per stored version (by ETag). */
interface Prepared {
  readonly headers: Readonly<Record<string, string | number>>;
  /** The headers of its 304 (the validators and caching headers, not the body's). */
  readonly notModifiedHeaders: OutgoingHttpHeaders;
  readonly lastModified: string;
  /** The headers of a plain 200 (`headers` with the Content-Length), flattened as Node writes fastest. */
  readonly plainHeaders: string[];
  readonly bytes: Buffer;
}
const prepared = new Map<string, Prepared>();
const PREPARED_LIMIT = 2048;
function prepare(doc: StoredDocument): Prepared {
  let entry = prepared.get(doc.etag);
  if (!entry) {
    const bytes = Buffer.from(doc.body);
    const lastModified = new Date(doc.receivedAt).toUTCString();
    // Only what a JSON answer needs: each header costs throughput in a burst (framing and
    // isolation headers matter for pages, which carry them all). Documents are the public read
    // API: readable by other sites' scripts (CORS), made once per version like the rest.
    const headers = {
      'X-Content-Type-Options': SECURITY_HEADERS['X-Content-Type-Options']!,
      ...PUBLIC_READ_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      ETag: doc.etag,
      'Last-Modified': lastModified,
      'Cache-Control': documentCacheControl(doc.status),
      Vary: 'Accept-Encoding',
    };
    const plainHeaders = Object.entries({ ...headers, 'Content-Length': bytes.length }).flatMap(([k, v]) => [
      k,
      String(v),
    ]);
    entry = { bytes, headers, notModifiedHeaders: notModifiedHeaders(headers), lastModified, plainHeaders };
    if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value!);
    prepared.set(doc.etag, entry);
  }
  return entry;
}

/**
 * Answers a stored document with a strong ETag and its Last-Modified, 304 when the reader's copy is
 * current (conditional.ts), gzip when accepted (encoding.ts).
 */
export function sendDocument(req: IncomingMessage, res: ServerResponse, doc: StoredDocument): void {
  const ready = prepare(doc);
  // Last-Modified is to the second: a reader sending only If-Modified-Since may keep a version
  // replaced within the same second, but every answer carries its ETag, which comes first.
  if (notModified(req, { etag: doc.etag, lastModified: ready.lastModified }))
    return sendNotModified(res, ready.notModifiedHeaders);
  const compress = sendsGzip(req, ready.bytes.length, GZIP_MIN_BYTES);
  const body = compress ? gzipCopies.get(doc.etag, doc.body) : ready.bytes;
  res.writeHead(
    200,
    compress ? { ...ready.headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length } : ready.plainHeaders,
  );
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function serveDocument(
  req: IncomingMessage,
  res: ServerResponse,
  store: DocumentStore,
  type: string,
  code: string,
): void {
  const problem = addressProblem(type, code);
  if (problem) return sendError(res, 400, problem, PUBLIC_READ_HEADERS);
  const doc = store.get(type, code);
  if (!doc) return sendMissing(res, store, type, code, `no document ${type}/${code}`);
  sendDocument(req, res, doc);
}

/**
 * No document to send: 404, or 503 when one is stored but refused (its stored copy is damaged and
 * could not be rebuilt: store/documents.ts), with why in people's words. Not kept by any cache
 * (no-store); one in front may keep answering its own earlier copy (stale-if-error).
 */
function sendMissing(res: ServerResponse, store: DocumentStore, type: string, code: string, notFound: string): void {
  const damage = store.damage(type, code);
  if (damage !== undefined) return sendError(res, 503, damage, { ...PUBLIC_READ_HEADERS, 'Retry-After': '60' });
  sendError(res, 404, notFound, PUBLIC_READ_HEADERS);
}

export function serveCommonCode(req: IncomingMessage, res: ServerResponse, store: DocumentStore, table: string): void {
  if (!(COMMON_CODE_TABLES as readonly string[]).includes(table)) {
    return sendError(
      res,
      404,
      `no code table "${table}"; known: ${COMMON_CODE_TABLES.join(', ')}`,
      PUBLIC_READ_HEADERS,
    );
  }
  const doc = store.get('COMMON_CODE', table);
  if (!doc) return sendMissing(res, store, 'COMMON_CODE', table, `code table "${table}" has not been built`);
  sendDocument(req, res, doc);
}
