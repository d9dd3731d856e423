import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy, IMMUTABLE, newNonce, SECURITY_HEADERS, sendError } from './headers';

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

/** The page served while no site is built: says so, and where the API is. */
const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Podium results service</title></head>
<body><h1>Podium results service</h1>
<p>The results service is running. The public site is not built in this checkout yet.</p>
<p>API: <a href="/api/crs/odf/json/SCHEDULE/ALL">/api/crs/odf/json/SCHEDULE/ALL</a>,
<a href="/api/crs/odf/json/MEDAL_TALLY/ALL">/api/crs/odf/json/MEDAL_TALLY/ALL</a>,
<a href="/api/crs/commonCode/disciplineTree">/api/crs/commonCode/disciplineTree</a>.</p>
</body></html>
`;

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

export function serveFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string): boolean {
  if (!existsSync(path) || !statSync(path).isFile()) return false;
  const body = readFileSync(path);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** The built site: hashed assets for a year, everything else through index.html (history fallback). */
export class Site {
  private readonly indexHtml: string | undefined;
  readonly version: string;
  constructor(
    private readonly distDir: string,
    fallbackVersion: string,
  ) {
    const index = join(distDir, 'index.html');
    this.indexHtml = existsSync(index) ? readFileSync(index, 'utf8') : undefined;
    this.version = this.indexHtml
      ? createHash('sha256').update(this.indexHtml).digest('hex').slice(0, 12)
      : fallbackVersion;
  }

  get built(): boolean {
    return this.indexHtml !== undefined;
  }

  serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (this.indexHtml && pathname !== '/' && pathname !== '/index.html') {
      const path = safeJoin(this.distDir, pathname);
      if (!path) return sendError(res, 400, 'bad path');
      const cache = pathname.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=300';
      if (serveFile(req, res, path, cache)) return;
      if (pathname.startsWith('/assets/')) return sendError(res, 404, `no asset ${pathname}`);
    }
    const nonce = newNonce();
    const html = (this.indexHtml ?? PLACEHOLDER).replace(/<script\b/g, `<script nonce="${nonce}"`);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': contentSecurityPolicy(nonce),
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }
}
