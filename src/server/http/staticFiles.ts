/**
 * Files the service sends as they are: the built client's assets and the stored PDF reports. A
 * path never leaves its folder; text is compressed once per file for clients that take gzip.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SECURITY_HEADERS } from './headers';
import { sendRanged } from './ranges';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Resolves a URL path inside a folder; undefined for anything that would step outside it. */
export function safeJoin(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const path = normalize(join(root, decoded));
  return path === root || path.startsWith(root + sep) ? path : undefined;
}

export const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.html', '.svg', '.txt', '.map']);
/** Compressed copies of the built files, made once: they never change while the service runs. */
const gzipCache = new Map<string, Buffer>();

export function serveFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string): boolean {
  if (!existsSync(path) || !statSync(path).isFile()) return false;
  const type = extname(path).toLowerCase();
  if (type === '.pdf') {
    // A PDF is answered in byte ranges, never compressed (a viewer reads a large one page by page).
    sendRanged(req, res, readFileSync(path), {
      ...SECURITY_HEADERS,
      'Content-Type': TYPES[type],
      'Cache-Control': cacheControl,
    });
    return true;
  }
  const compress = COMPRESSIBLE.has(type) && acceptsGzip(req);
  let body = compress ? gzipCache.get(path) : undefined;
  if (!body) {
    body = readFileSync(path);
    if (compress) {
      body = gzipSync(body, { level: 9 });
      gzipCache.set(path, body);
    }
  }
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[type] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
    ...(COMPRESSIBLE.has(type) ? { Vary: 'Accept-Encoding' } : {}),
    ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
