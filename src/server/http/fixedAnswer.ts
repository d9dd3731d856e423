/**
 * An answer whose body is the same for every request of a server process (the service worker, the
 * API's description): made on first request, then sent as a document is, with a strong ETag, a 304
 * on a current copy, gzip when the client takes it, no body for HEAD.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { strongEtag } from '../store/documents';
import { answeredNotModified } from './conditional';
import { sendsGzip } from './encoding';

export type FixedHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** `make` gives the body and its headers (without ETag, Vary and the body's length and encoding). */
export function fixedAnswer(make: () => { text: string; headers: Record<string, string> }): FixedHandler {
  let made: { plain: Buffer; gzip: Buffer; etag: string; headers: Record<string, string> } | undefined;
  const prepare = () => {
    const { text, headers } = make();
    const etag = strongEtag(text);
    const plain = Buffer.from(text);
    return {
      plain,
      gzip: gzipSync(plain, { level: 9 }),
      etag,
      headers: { ...headers, ETag: etag, Vary: 'Accept-Encoding' },
    };
  };
  return (req, res) => {
    const { plain, gzip, etag, headers } = (made ??= prepare());
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
