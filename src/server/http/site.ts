import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { constants, createGzip, gzipSync } from 'node:zlib';
import type { DataSource } from '../../web/data/source';
import { isLocale } from '../../web/i18n/locale';
import { contentSecurityPolicy, IMMUTABLE, SECURITY_HEADERS, sendError } from './headers';

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

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.html', '.svg', '.txt', '.map']);
/** Compressed copies of the built files, made once: they never change while the service runs. */
const gzipCache = new Map<string, Buffer>();

export function serveFile(req: IncomingMessage, res: ServerResponse, path: string, cacheControl: string): boolean {
  if (!existsSync(path) || !statSync(path).isFile()) return false;
  const type = extname(path).toLowerCase();
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

interface Manifest {
  [source: string]: { file: string; css?: string[]; isEntry?: boolean };
}

/**
 * The site: hashed client assets (dist/client) for a year, and every other path rendered on the
 * server by the React app with its data (src/web/entry-server.tsx, loaded on first use), hydrated in
 * the browser once the client is built.
 */
/** The Host the browser asked for, when it is a plain host name (it only decides what the page shows). */
function requestHost(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/.test(host) ? host : 'host.invalid';
}

export class Site {
  private readonly manifest: Manifest | undefined;
  private renderer: Promise<typeof import('../../web/entry-server')> | undefined;
  readonly version: string;
  constructor(
    private readonly distDir: string,
    fallbackVersion: string,
    private readonly hongKong = false,
  ) {
    const manifestFile = join(distDir, 'client', '.vite', 'manifest.json');
    const text = existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : undefined;
    this.manifest = text ? (JSON.parse(text) as Manifest) : undefined;
    this.version = text ? createHash('sha256').update(text).digest('hex').slice(0, 12) : fallbackVersion;
  }

  get built(): boolean {
    return this.manifest !== undefined;
  }

  private inlineCss: string | undefined;

  /**
   * The entry's script from the build manifest, and its styles as text to inline (none before the
   * client is built). The site's CSS is a few KB compressed: inlined, the first paint needs no
   * second round trip, which on a phone network is most of the time to the results.
   */
  private assets(): { scripts: string[]; styles: string[]; inlineCss?: string } {
    const entry = Object.values(this.manifest ?? {}).find((chunk) => chunk.isEntry);
    if (!entry) return { scripts: [], styles: [] };
    this.inlineCss ??= (entry.css ?? [])
      .map((css) => readFileSync(join(this.distDir, 'client', css), 'utf8'))
      .join('\n');
    return { scripts: [`/${entry.file}`], styles: [], inlineCss: this.inlineCss };
  }

  private async render(req: IncomingMessage, res: ServerResponse, data: DataSource): Promise<void> {
    this.renderer ??= import('../../web/entry-server');
    const { render, bootScriptHash } = await this.renderer;
    const assets = this.assets();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(new URL(req.url ?? '/', `http://${requestHost(req)}`), { headers });
    const result = await render(request, { data, hongKong: this.hongKong, ...assets });
    if (result.kind === 'redirect') {
      res.writeHead(result.status, {
        ...SECURITY_HEADERS,
        Location: result.location,
        'Cache-Control': 'no-cache',
        ...(result.setCookie ? { 'Set-Cookie': result.setCookie } : {}),
      });
      res.end();
      return;
    }
    const chosen = new URL(req.url ?? '/', 'http://localhost').searchParams.get('lang');
    const compress = acceptsGzip(req);
    res.writeHead(result.status, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Security-Policy': contentSecurityPolicy(bootScriptHash(assets.scripts)),
      // A language chosen by link is remembered (spec section 4), for the server and the browser alike.
      ...(chosen && isLocale(chosen)
        ? { 'Set-Cookie': `podium-lang=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax` }
        : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // A result page carries its table and the data to hydrate it: compressed, it is a fraction.
    if (compress) result.stream.pipe(createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH })).pipe(res);
    else result.stream.pipe(res);
  }

  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, data: DataSource): Promise<void> {
    if (pathname.startsWith('/assets/')) {
      const path = safeJoin(join(this.distDir, 'client'), pathname);
      if (!path) return sendError(res, 400, 'bad path');
      if (serveFile(req, res, path, IMMUTABLE)) return;
      return sendError(res, 404, `no asset ${pathname}`);
    }
    return this.render(req, res, data);
  }
}
