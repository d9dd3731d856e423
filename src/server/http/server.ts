import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { ServiceConfig } from '../config';
import type { Service } from '../service';
import { serveCommonCode, serveDocument } from './documents';
import { NO_STORE, SECURITY_HEADERS, sendError, sendJson } from './headers';
import { fixedAnswer } from './fixedAnswer';
import { serviceWorkerSource } from '../../web/offline/serviceWorker';
import { savedCopyTexts } from './savedCopyTexts';
import { FailedAttempts } from './failedAttempts';
import { authorised, importMedals, ingestOverHttp } from './internal';
import type { RenderAnswer, RenderTask, RenderThreads } from './renderTasks';
import { createIntake } from '../odf/intake';
import { ThreadPool } from '../threads/pool';
import { Site } from './site';
import { safeJoin, serveFile } from './staticFiles';
import { REPORT_FILE_CACHE_CONTROL, serveReport } from '../reports/serve';
import { serveCalendar } from '../calendar/serve';
import { serveSearch } from '../search/serve';
import { serveCsv } from '../csv/serve';
import { storePageData } from './pageData';
import { serveCoverage } from '../coverage/serve';
import cluster from 'node:cluster';
import { StoreChanges } from '../live/changes';
import { LiveHub } from '../live/hub';
import { NchanPublisher } from '../live/nchanPublisher';
import { Publisher } from '../publish/publisher';
import { isPublishMessage, publishRelay } from '../publish/relay';
import { viaTrustedProxy } from './requestOrigin';
import { isLocale } from '../../web/i18n/locale';
import { isPagePath } from '../../web/app/pageQuery';
import { documentCopy } from '../publish/publishedCopies';
import { PublishedFolder } from '../publish/publishedFolder';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { routeDispatch, type RouteHandlers } from '../api/dispatch';
import { API_PREFIX, ROUTES } from '../api/routes';
import { openApiAnswer } from '../api/serveOpenapi';
import { descriptionOptions, lazyDescription } from '../api/openapi';

export interface ServerOptions {
  readonly config: ServiceConfig;
  readonly distDir: string;
  readonly version: string;
  /**
   * Work moved off the serving thread (issue 14): render threads and an ingest thread, each with a
   * connection of its own to the store. Off by default (and for a store in memory, which a thread
   * cannot open); `npm start` takes them from the configuration.
   */
  readonly threads?: { readonly render: number; readonly ingest: boolean };
  /** Render threads its caller owns and lends (the export's), used instead of `threads.render`'s. */
  readonly renderThreads?: RenderThreads;
  /** How long a client may take (tests shorten them); defaults: SERVER_TIMEOUTS. */
  readonly timeouts?: ServerTimeouts;
  /** How to wake the service's one writer when another process runs it (odf/intake.ts); else its own. */
  readonly wakeWriter?: () => void;
}

export interface ServerTimeouts {
  /** To send the request's headers (a slowloris client is cut off after this). */
  readonly headersMs: number;
  /** To send the whole request, body included (a 32 MB message on a slow link fits). */
  readonly requestMs: number;
  /** How often the server looks for connections past these limits. */
  readonly checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 120_000, checkEveryMs: 5_000 };

/** The service's HTTP face: the API of DESIGN section 4, internal writes, reports and the built site. */
/** The server, and when its threads have started (a service listens after that). */
export type PodiumServer = Server & { readonly ready: Promise<void>; readonly site: Site; readonly live: LiveHub };

export function createPodiumServer(service: Service, options: ServerOptions): PodiumServer {
  // A thread opens the store's file itself: not possible for a store in memory.
  const dataDir = service.db.memory ? undefined : dirname(service.db.name);
  const threads = dataDir ? options.threads : undefined;
  const ownRenderThreads =
    !options.renderThreads && threads && threads.render > 0
      ? new ThreadPool<RenderTask, RenderAnswer>(
          new URL('./renderThread.ts', import.meta.url),
          threads.render,
          { dataDir, description: descriptionOptions(options.config, options.version) },
          'podium render',
        )
      : undefined;
  const renderThreads = options.renderThreads ?? ownRenderThreads;
  const intake = createIntake(service, {
    config: options.config,
    dataDir,
    thread: threads?.ingest ?? false,
    wakeWriter: options.wakeWriter,
  });
  const failedTokens = new FailedAttempts();
  const versions = (type: string, code: string) => service.store.etag(type, code);
  const { publishDir, publishes } = options.config;
  const publisher =
    publishDir && publishes
      ? new Publisher(new PublishedFolder(publishDir), versions, () => service.store.generation(), {
          concurrency: Math.max(1, options.threads?.render ?? 1),
        })
      : undefined;
  // Another server process publishes: it is told what this one answered (publish/relay.ts).
  const relay =
    publishDir && !publishes && cluster.isWorker ? publishRelay((message) => process.send?.(message)) : undefined;
  publisher?.start();
  const site = new Site(options.distDir, options.version, options.config.siteVariant === 'hongkong', renderThreads, {
    publicUrl: options.config.publicUrl,
    trustedProxies: options.config.trustedProxies,
    pageCacheBytes: options.config.pageCacheBytes,
    publisher,
    relay,
  });
  /** A document a reader of the public site got (through the proxy in front) is a file from now on. */
  const publishDocument = (req: IncomingMessage, path: string, type: string, code: string) => {
    if (!(publisher || relay) || !viaTrustedProxy(req, options.config.trustedProxies)) return;
    if (relay) return relay({ kind: 'document', path, type, code });
    publishStoredDocument(path, type, code);
  };
  const publishStoredDocument = (path: string, type: string, code: string) => {
    const copy = () => {
      const document = service.store.get(type, code);
      return document ? documentCopy(path, document) : undefined;
    };
    publisher?.publish(`${type}/${code}`, copy, async () => copy());
  };
  // Pages read the store directly; the browser reads the same documents over the API. The API's
  // description, made once, is the one /api/openapi.json answers and the developers' page reads.
  const description = lazyDescription(descriptionOptions(options.config, options.version));
  const pageData = storePageData(service.store, description);
  const live = new LiveHub(new StoreChanges(service.db));
  live.start();
  // One process tells the edge (the publishing one): each change reaches Nchan once.
  if (options.config.livePublishUrl && options.config.publishes) {
    const nchan = new NchanPublisher(options.config.livePublishUrl);
    live.onChanges((changes) => nchan.publish(changes));
  }
  const authorisedFor = (req: IncomingMessage, res: ServerResponse) =>
    authorised(req, res, options.config.adminToken, failedTokens, options.config.trustedProxies);
  // Checked by browsers on every visit (no-cache, a 304 while the site's version stands); a new
  // site version makes a new worker.
  const serveWorker = fixedAnswer(() => ({
    text: serviceWorkerSource(options.version, savedCopyTexts()),
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  }));
  // One handler per route of the table (src/server/api/routes.ts): a route without one, or one
  // without a route, does not compile.
  const handlers: RouteHandlers = {
    document: (req, res, [path, type, code]) => {
      serveDocument(req, res, service.store, type!, code!);
      publishDocument(req, path, type!, code!);
    },
    commonCode: (req, res, [path, table]) => {
      serveCommonCode(req, res, service.store, table!);
      publishDocument(req, path, 'COMMON_CODE', table!);
    },
    search: (req, res) => serveSearch(req, res, service.store),
    csv: async (req, res, _match, path) => {
      await serveCsv(req, res, service.store, path, renderThreads);
    },
    openapi: openApiAnswer(description),
    live: (req, res, _match, _path, query) => live.subscribe(req, res, query),
    siteVersion: (_req, res) =>
      sendJson(res, 200, { v: site.version }, { 'Cache-Control': NO_STORE, ...CROSS_ORIGIN_RESOURCE }),
    health: (_req, res) => sendJson(res, 200, { ok: true, documents: service.store.count() }, CROSS_ORIGIN_RESOURCE),
    report: async (req, res, _match, path) => {
      if (!(await serveReport(req, res, service, options.config.dataDir, path, renderThreads)))
        sendError(res, 404, 'no report');
    },
    reportFile: (req, res, [, name]) => {
      const file = safeJoin(join(options.config.dataDir, 'reports'), name!);
      if (file && serveFile(req, res, file, REPORT_FILE_CACHE_CONTROL)) return;
      sendError(res, 404, `no report ${name}`);
    },
    calendarDelegation: (req, res, _match, path) => calendar(req, res, path),
    calendarDiscipline: (req, res, _match, path) => calendar(req, res, path),
    calendarFollow: (req, res, _match, path) => calendar(req, res, path),
    internalOdf: async (req, res) => {
      if (authorisedFor(req, res)) await ingestOverHttp(req, res, intake.ingest, options.config.maxMessageBytes);
    },
    internalMedalImport: async (req, res) => {
      if (authorisedFor(req, res)) await importMedals(req, res, service);
    },
    internalCoverage: async (req, res) => {
      if (authorisedFor(req, res)) await serveCoverage(req, res, service);
    },
    serviceWorker: serveWorker,
    // No icon yet: answer the browser's automatic request without an error in its console.
    favicon: (_req, res) => {
      res.writeHead(204, { 'Cache-Control': 'public, max-age=86400' });
      res.end();
    },
  };
  const calendar = (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!serveCalendar(req, res, service.store, path, options.config.publicUrl))
      sendError(res, 404, `no calendar ${path}`);
  };
  const handle = routeDispatch(handlers, {
    corsInAnswers: ['document', 'commonCode'],
    fallback: async (req, res, path) => {
      if (path.startsWith(API_PREFIX)) return sendError(res, 404, `no API route ${path}`);
      await site.serve(req, res, path, pageData, versions);
    },
  });
  if (publisher && cluster.isWorker) {
    // What the other server processes answered, relayed by the primary (start.ts).
    process.on('message', (message: unknown) => {
      if (!isPublishMessage(message)) return;
      const request = message.podiumPublish;
      if (request.kind === 'document') {
        if (ROUTES.document.match.test(request.path) || ROUTES.commonCode.match.test(request.path))
          publishStoredDocument(request.path, request.type, request.code);
      } else if (isLocale(request.locale) && isPagePath(new URL(request.url, 'http://site.invalid').pathname)) {
        site.publishPage(request.url, request.locale, pageData, versions);
      }
    });
  }
  const timeouts = options.timeouts ?? SERVER_TIMEOUTS;
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      // An idle connection is kept longer than its clients keep theirs (nginx's upstream keepalive:
      // 60 s): closed at Node's default 5 s, a relay's or nginx's next request on it could meet the
      // close and fail with no answer (bench:ingest saw it with relays waiting 5 s for answers).
      keepAliveTimeout: 65_000,
    },
    (req, res) => {
      const fail = (error: unknown) => {
        console.error(`podium: ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) sendError(res, 500, 'internal error');
        else res.destroy();
      };
      // A handler that answers at once (a document) makes no promise; one that waits may fail later.
      try {
        handle(req, res)?.catch(fail);
      } catch (error) {
        fail(error);
      }
    },
  );
  // Open streams would hold a closing server open: they end, and browsers reconnect to the next.
  const close = server.close.bind(server);
  server.close = (callback) => {
    live.close();
    return close(callback);
  };
  server.on('close', () => {
    // Its files stay for nginx to send while the service is down (a stale copy, as its cache's).
    publisher?.stop(false);
    void ownRenderThreads?.close();
    void intake.close();
  });
  return Object.assign(server, {
    ready: Promise.all([renderThreads?.ready(), intake.ready]).then(() => undefined),
    site,
    live,
  });
}
