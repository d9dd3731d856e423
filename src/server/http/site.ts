import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { DataSource } from '../../web/data/source';
import { isLocale, requestLocale } from '../../web/i18n/locale';
import { PageCache, type CachedPage, type DocumentVersions } from './pageCache';
import { safeJoin, serveFile } from './staticFiles';
import type { PageAssets, PageTask, RenderOutcome } from './renderPage';
import type { RenderThreads } from './renderTasks';
import { contentSecurityPolicy, IMMUTABLE, sendError, type Framing } from './headers';
import { sendPage, sendRedirect, type PreparedHeaders } from './pageResponse';
import { LOOPBACK_PROXIES, pageHost, publicPageHost } from './requestOrigin';
import { canonicalPageUrl, isPagePath } from '../../web/app/pageQuery';
import { bootScriptHash } from '../../web/app/bootScriptHash';
import { isEmbedPath } from '../../web/embed/marks';
import type { Publisher } from '../publish/publisher';
import type { PublishRequest } from '../publish/relay';
import { pageCopy } from '../publish/publishedCopies';
import { exportedPageUrl, pageFile } from '../export/pageFiles';
import type { LocaleId } from '../../core/sports/vocabulary';
import { SiteManifest } from './siteManifest';
import { NOT_FOUND_URL, pageKey, pageTask } from './pageKey';
import { FRESH_WAIT_MS, RenderScheduler, within } from './renderScheduler';

/** What a site takes from the service's configuration (config.ts); tests may leave it out. */
export interface SiteOptions {
  readonly publicUrl?: URL;
  readonly trustedProxies?: readonly string[];
  readonly pageCacheBytes?: number;
  /** Writes the pages answered to the public site's readers as files and keeps them current. */
  readonly publisher?: Publisher | undefined;
  /** Without the publisher: tells the process that has it what was answered (publish/relay.ts). */
  readonly relay?: ((request: PublishRequest) => void) | undefined;
  /** How long the reader who starts a page's new render waits for it before taking the version before. */
  readonly freshWaitMs?: number;
}

/**
 * The site: hashed client assets (dist/client) for a year, and every other path rendered on the
 * server by the React app with its data (src/web/entry-server.tsx, loaded on first use), hydrated in
 * the browser once the client is built. This class wires the parts, each in a file of its own: the
 * build (siteManifest.ts), what identifies a page (pageKey.ts), the page cache (pageCache.ts), where
 * and how often pages render (renderScheduler.ts), the answers (pageResponse.ts, staticFiles.ts), and
 * the publishing and export hooks below.
 */
export class Site {
  /** The built client: its manifest, version and the assets every page links. */
  private readonly manifest: SiteManifest;
  /** Pages rendered once per data version (see pageCache.ts). */
  readonly pages: PageCache;
  /** Renders, in threads or here, shared by the requests for one page (renderScheduler.ts). */
  private readonly renderer: RenderScheduler;
  private readonly publicUrl: URL;
  private readonly trustedProxies: readonly string[];
  private readonly publisher: Publisher | undefined;
  private readonly relay: ((request: PublishRequest) => void) | undefined;
  private readonly freshWaitMs: number;
  /** The Content-Security-Policies of this build's pages (its boot script's hash), made once each. */
  private readonly csp = new Map<Framing, string>();
  /** Each kept page's headers, made once (pageResponse.ts). */
  private readonly prepared: PreparedHeaders = new WeakMap();

  constructor(
    private readonly distDir: string,
    fallbackVersion: string,
    private readonly hongKong = false,
    /** Render threads (renderThread.ts); without them pages render on the serving thread. */
    threads?: RenderThreads,
    options: SiteOptions = {},
  ) {
    this.publicUrl = options.publicUrl ?? new URL('http://localhost/');
    this.trustedProxies = options.trustedProxies ?? LOOPBACK_PROXIES;
    this.pages = new PageCache(options.pageCacheBytes);
    this.renderer = new RenderScheduler(this.pages, threads);
    this.publisher = options.publisher;
    this.relay = options.relay;
    this.freshWaitMs = options.freshWaitMs ?? FRESH_WAIT_MS;
    this.manifest = new SiteManifest(distDir, fallbackVersion);
  }

  /** The build's version (a digest of its manifest), or the service's before the client is built. */
  get version(): string {
    return this.manifest.version;
  }

  get built(): boolean {
    return this.manifest.built;
  }

  /** Renders done (not answered from the cache): what a burst of junk-keyed requests must not raise. */
  get renders(): number {
    return this.renderer.renders;
  }

  /** Resolves once the renders in progress now have ended (a test's point where every page is current). */
  whenRendered(): Promise<void> {
    return this.renderer.whenRendered();
  }

  private assets(): PageAssets {
    return this.manifest.assets();
  }

  private async render(
    req: IncomingMessage,
    res: ServerResponse,
    data: DataSource,
    versions: DocumentVersions | undefined,
  ): Promise<void> {
    const assets = this.assets();
    // The path as sent ('//x' stays a path, not a host), the known parameters only (pageQuery.ts).
    const url = new URL(`http://localhost${(req.url ?? '/').startsWith('/') ? req.url : '/'}`);
    const chosen = url.searchParams.get('lang');
    // An embed's language is its frame's choice (`?lang=` in the snippet), not the reader's: not remembered.
    const embed = isEmbedPath(url.pathname);
    const cookie =
      chosen && isLocale(chosen) && !embed
        ? `podium-lang=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`
        : undefined;
    const locale = requestLocale(url, req.headers.cookie);
    // A path no page can have is the one not-found page, never stored by a cache (no-store).
    const impossible = !isPagePath(url.pathname);
    const pageUrl = impossible ? NOT_FOUND_URL : canonicalPageUrl(url);
    const host = pageHost(req, this.publicUrl, this.trustedProxies);
    const keyOf = (now: number) => pageKey(host === 'localhost', pageUrl, locale, this.hongKong, now);
    const key = keyOf(Date.now());
    let page = versions ? this.pages.get(key, versions) : undefined;
    // Concurrent requests for a page not kept yet wait for one render instead of each doing it
    // (a final's burst arrives at a cold cache). Not "/", whose redirect depends on the device.
    const shared = versions && url.pathname !== '/';
    let rendering = !page && shared ? this.renderer.inProgress(key) : undefined;
    // The version before, while the page's new one renders: stale while revalidated (not a page
    // that did not exist, nor one a late entry list renames: pageCache.ts).
    const before = !page && shared ? this.pages.before(key, versions) : undefined;
    if (!page) {
      const joined = rendering !== undefined;
      if (!rendering) {
        const task = pageTask(req, pageUrl, host, locale, this.hongKong, assets);
        rendering = shared
          ? this.renderer.renderShared(key, task, data, versions)
          : this.renderer.renderOnce(task, data, versions);
      }
      // The reader whose request started the render, when there is a version before, waits for the
      // new one a moment only: on a busy machine renders queue, and a reader who waited for one
      // waited a second (bench:load p99). Readers who come while it runs get the version before at
      // once: a render in progress holds no one (in a burst, each held reader was a held connection).
      const stale = before && { kind: 'page' as const, page: before };
      const outcome = stale ? (joined ? stale : await within(rendering, this.freshWaitMs, stale)) : await rendering;
      if (outcome.kind === 'redirect') return sendRedirect(res, outcome.status, outcome.location, outcome.setCookie);
      page = outcome.page;
      // A shared render keeps its page itself (renderShared); the version before is kept already.
      if (!shared && versions && (page.status === 200 || page.status === 404)) this.pages.set(key, page);
    }
    // A page any reader of the public site gets alike ("/" depends on the device) is also a file.
    if (
      versions &&
      page !== before &&
      page.status === 200 &&
      !impossible &&
      url.pathname !== '/' &&
      host === publicPageHost(this.publicUrl)
    )
      this.publishPage(pageUrl, locale, data, versions, page);
    const framing: Framing = embed ? 'any' : 'none';
    let csp = this.csp.get(framing);
    if (!csp) this.csp.set(framing, (csp = contentSecurityPolicy(bootScriptHash(), framing)));
    sendPage(req, res, page, { cookie, impossible, csp, framed: embed }, this.prepared);
  }

  /**
   * A page of the public site in a language as a file kept current (src/server/publish): `page` is
   * the answer a reader just got, or it is rendered here (another process answered it). Without
   * the publisher, this process tells the one that has it (publish/relay.ts).
   */
  publishPage(
    pageUrl: string,
    locale: LocaleId,
    data: DataSource,
    versions: DocumentVersions,
    page?: CachedPage,
  ): void {
    if (!this.publisher) return this.relay?.({ kind: 'page', url: pageUrl, locale });
    const task = this.publicTask(pageUrl, locale);
    const file = pageFile(exportedPageUrl(new URL(pageUrl, 'http://site.invalid')), locale);
    const render = async () => {
      // Registered as a reader's render is: a reader meanwhile gets the page before it.
      const key = pageKey(false, pageUrl, locale, this.hongKong, Date.now());
      const outcome = await (this.renderer.inProgress(key) ?? this.renderer.renderShared(key, task, data, versions));
      return outcome.kind === 'page' ? pageCopy(file, outcome.page) : undefined;
    };
    if (page) this.publisher.publish(file, () => pageCopy(file, page), render);
    else void this.publisher.publishRendered(file, render);
  }

  /**
   * A page as the public site's reader gets it, for the mirror (src/server/export): its canonical
   * URL in a language, rendered as `render` renders it for a request from the public host.
   */
  renderForExport(url: string, locale: string, data: DataSource, versions: DocumentVersions): Promise<RenderOutcome> {
    return this.renderer.renderOnce(this.publicTask(url, locale), data, versions);
  }

  /** A page as the public site's reader of a language asks for it (the export's and the publisher's). */
  private publicTask(url: string, locale: string): PageTask {
    return {
      url,
      host: publicPageHost(this.publicUrl),
      headers: { cookie: `podium-lang=${locale}` },
      hongKong: this.hongKong,
      assets: this.assets(),
    };
  }

  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    data: DataSource,
    versions?: DocumentVersions,
  ): Promise<void> {
    if (pathname.startsWith('/assets/')) {
      const path = safeJoin(join(this.distDir, 'client'), pathname);
      if (!path) return sendError(res, 400, 'bad path');
      if (serveFile(req, res, path, IMMUTABLE)) return;
      return sendError(res, 404, `no asset ${pathname}`);
    }
    return this.render(req, res, data, versions);
  }
}
