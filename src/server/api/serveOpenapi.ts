/**
 * `GET /api/openapi.json`: the description, generated once per server process (it changes only with
 * the service's build), answered as a document is: a strong ETag, 304 on a current copy, gzip.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { strongEtag } from '../store/documents';
import { answeredNotModified } from '../http/conditional';
import { sendsGzip } from '../http/encoding';
import { SECURITY_HEADERS } from '../http/headers';
import { CROSS_ORIGIN_RESOURCE } from './cors';
import { OPENAPI_CACHE_CONTROL } from './publicRoutes';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The answer, made on first request: a server that is never asked for it spends nothing on it.
 * `describe` is the document the pages read too (openapi.ts `lazyDescription`), made once.
 */
export function openApiAnswer(describe: () => Record<string, unknown>): Handler {
  let prepared: { plain: Buffer; gzip: Buffer; etag: string; headers: Record<string, string> } | undefined;
  const prepare = () => {
    const text = JSON.stringify(describe());
    const etag = strongEtag(text);
    const plain = Buffer.from(text);
    const headers = {
      ...SECURITY_HEADERS,
      ...CROSS_ORIGIN_RESOURCE,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': OPENAPI_CACHE_CONTROL,
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    return { plain, gzip: gzipSync(plain, { level: 9 }), etag, headers };
  };
  return (req, res) => {
    const { plain, gzip, etag, headers } = (prepared ??= prepare());
    if (answeredNotModified(req, res, { etag }, headers)) return;
    const compress = sendsGzip(req);
    const body = compress ? gzip : plain;
    res.writeHead(200, {
      ...headers,
      'Content-Length': body.length,
      ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
