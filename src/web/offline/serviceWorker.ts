/**
 * The service worker (`/sw.js`, served by the service with the site's version): pages and the
 * documents they read are fetched from the network first and kept, so a page visited before (and
 * the schedule, kept on install) can be read at a venue without a network. A kept page is served
 * only when the network fails, marked as a saved copy (`<meta name="podium-saved-copy">`), which the
 * page says in a banner; once back online the page reloads from the network. Hashed assets are
 * immutable: cache first.
 *
 * The worker's code is the function below, sent as text: it runs in the worker's scope, not here.
 */

/** Where the worker is served (src/server/http/server.ts). */
export const SERVICE_WORKER_URL = '/sw.js';
/** The meta element a saved copy carries: when it was saved (ISO). */
export const SAVED_COPY_META = 'podium-saved-copy';
/**
 * The class of the banner the worker puts in a saved copy: not in the page's markup as the server
 * rendered it, so the server inlines its styles in every page (app/pageStyles.ts).
 */
export const SAVED_COPY_BANNER_CLASS = 'offline-banner';
/** The message the worker sends a page when it answered one of its documents from the cache. */
export const SAVED_DATA_MESSAGE = 'podium-saved-data';

interface WorkerScope {
  addEventListener(type: string, listener: (event: never) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ postMessage(message: unknown): void } | undefined> };
  location: Location;
}
interface FetchEvent {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

function worker(
  version: string,
  savedMeta: string,
  savedMessage: string,
  savedTexts: Readonly<Record<string, string>>,
  bannerClass: string,
): void {
  const scope = self as unknown as WorkerScope;
  const PAGES = 'podium-pages';
  const DATA = 'podium-data';
  const ASSETS = `podium-assets-${version}`;
  /** Entries kept per cache; the oldest go first. */
  const LIMITS: Record<string, number> = { [PAGES]: 80, [DATA]: 400 };
  /** Read offline without a visit first: the schedule. */
  const PRECACHE = ['/scheduleMobile', '/schedule/total'];

  const stamped = async (response: Response): Promise<Response> => {
    const headers = new Headers(response.headers);
    headers.set('X-Podium-Saved-At', new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  };

  async function trim(cache: Cache, limit: number | undefined): Promise<void> {
    if (!limit) return;
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
  }

  async function keep(cacheName: string, request: Request | string, response: Response): Promise<void> {
    const cache = await caches.open(cacheName);
    await cache.delete(request);
    await cache.put(request, await stamped(response));
    await trim(cache, LIMITS[cacheName]);
  }

  /** A kept page, marked as a saved copy (in its head, outside the page's own markup). */
  async function savedPage(copy: Response): Promise<Response> {
    const savedAt = copy.headers.get('X-Podium-Saved-At') ?? '';
    const page = await copy.text();
    // Said in the page's own language, before the page's markup (so without its scripts, too).
    const lang = /<html[^>]*\blang="([^"]+)"/i.exec(page)?.[1] ?? '';
    const text = savedTexts[lang] ?? Object.values(savedTexts)[0] ?? '';
    const time = savedAt
      ? new Date(Date.parse(savedAt) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
      : '';
    const escaped = text.replace('{time}', time).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = page
      .replace(/<head[^>]*>/i, (head) => `${head}<meta name="${savedMeta}" content="${savedAt}">`)
      .replace(/<body[^>]*>/i, (body) => `${body}<p class="${bannerClass}" role="status">${escaped}</p>`);
    const headers = new Headers(copy.headers);
    headers.delete('Content-Length');
    headers.delete('ETag');
    headers.set('Cache-Control', 'no-store');
    return new Response(html, { status: 200, headers });
  }

  async function networkFirst(event: FetchEvent, cacheName: string, page: boolean): Promise<Response> {
    try {
      // A page asks the service itself (revalidating its HTTP copy): offline, the worker's copy is the
      // one shown, marked as saved, rather than the browser's own stale one shown as if fresh.
      const response = await fetch(event.request, page ? { cache: 'no-cache' } : {});
      if (response.ok) keep(cacheName, event.request, response.clone()).catch(() => undefined);
      return response;
    } catch (error) {
      const copy = await (await caches.open(cacheName)).match(event.request, { ignoreVary: true });
      if (!copy) throw error;
      if (page) return savedPage(copy);
      const client = await scope.clients.get(event.clientId);
      client?.postMessage({ type: savedMessage, savedAt: copy.headers.get('X-Podium-Saved-At') });
      return copy;
    }
  }

  async function cacheFirst(request: Request): Promise<Response> {
    const cache = await caches.open(ASSETS);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone()).catch(() => undefined);
    return response;
  }

  scope.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      Promise.all(
        PRECACHE.map((path) =>
          fetch(path, { credentials: 'same-origin' })
            .then((response) => (response.ok ? keep(PAGES, path, response) : undefined))
            .catch(() => undefined),
        ),
      ).then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((key) => key.startsWith('podium-assets-') && key !== ASSETS).map((key) => caches.delete(key)),
          ),
        )
        .then(() => scope.clients.claim()),
    );
  });

  scope.addEventListener('fetch', (event: FetchEvent) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    // Never from a cache: the version check, internal pages and writes, reports (large), the worker.
    if (url.pathname === '/v.json' || url.pathname === '/sw.js' || url.pathname.startsWith('/internal')) return;
    if (url.pathname.startsWith('/reports/') || url.pathname.startsWith('/calendar/')) return;
    if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
    if (request.mode === 'navigate') return event.respondWith(networkFirst(event, PAGES, true));
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/internal'))
      return event.respondWith(networkFirst(event, DATA, false));
  });
}

/** The worker's script for a build of the site. */
export function serviceWorkerSource(version: string, savedTexts: Readonly<Record<string, string>>): string {
  // The function's text is what the TypeScript runner made of it, which may name functions through
  // its `__name` helper: a stand-in keeps the script whole on its own.
  return `'use strict';\nvar __name = (target) => target;\n(${worker.toString()})(${JSON.stringify(version)}, ${JSON.stringify(SAVED_COPY_META)}, ${JSON.stringify(SAVED_DATA_MESSAGE)}, ${JSON.stringify(savedTexts)}, ${JSON.stringify(SAVED_COPY_BANNER_CLASS)});\n`;
}
