/**
 * Files the service sends as they are: the built client's assets and the stored PDF reports. A
 * path never leaves its folder; text is compressed once per file for clients that take gzip, and
 * every file is revalidated by a strong ETag of its bytes (conditional.ts).
 */
import { strongEtag } from '../store/documents';
import { readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { answeredNotModified } from './conditional';
import { sendsGzip } from './encoding';
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

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.html', '.svg', '.txt', '.map']);

/** What is known of a file while it keeps its size and time: its ETag and, made once, its gzip copy. */
interface KnownFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly etag: string;
  gzip?: Buffer;
}
/**
 * By path: the built client's files never change while the service runs, but a stored report may
 * be replaced, hence the size and time. Bounded: a full map is emptied and refilled.
 */
const known = new Map<string, KnownFile>();
const KNOWN_LIMIT = 4096;

/** The file's stat, or undefined for a path no file can have (missing, or a name too long). */
function fileStat(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Sends a file with a strong ETag of its bytes, 304 when the reader's copy is current, gzip when taken. */
export function serveFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string): boolean {
  const stat = fileStat(path);
  if (!stat?.isFile()) return false;
  const type = extname(path).toLowerCase();
  let file = known.get(path);
  let bytes: Buffer | undefined;
  if (!file || file.mtimeMs !== stat.mtimeMs || file.size !== stat.size) {
    bytes = readFileSync(path);
    file = {
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      etag: strongEtag(bytes),
    };
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(path, file);
  }
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[type] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ...(COMPRESSIBLE.has(type) ? { Vary: 'Accept-Encoding' } : {}),
  };
  if (answeredNotModified(req, res, { etag: file.etag }, headers)) return true;
  if (type === '.pdf') {
    // A PDF is answered in byte ranges, never compressed (a viewer reads a large one page by page).
    sendRanged(req, res, bytes ?? readFileSync(path), headers, file.etag);
    return true;
  }
  const compress = COMPRESSIBLE.has(type) && sendsGzip(req);
  let body: Buffer;
  if (compress) body = file.gzip ??= gzipSync(bytes ?? readFileSync(path), { level: 9 });
  else body = bytes ?? readFileSync(path);
  res.writeHead(200, {
    ...headers,
    ETag: file.etag,
    'Content-Length': body.length,
    ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
