/**
 * The mirror (issue 27, item 2): every page the site has, in the three languages, as the same HTML
 * the service sends, beside the documents, assets, reports, calendars and CSV downloads, in the
 * layout of pageFiles.ts. Pages are found the way a reader finds them: from the schedule, every
 * link of every page in turn, plus every unit the store has a result for. Rendered by the service's own renderer
 * (render threads when the store is on disk), recording the documents each page read, so `since`
 * re-renders only the pages whose documents changed.
 */
import { availableParallelism } from 'node:os';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOCALE_IDS, type LocaleId } from '../../core/sports/vocabulary';
import type { Service } from '../service';
import type { Site } from '../http/site';
import type { RenderOutcome } from '../http/renderPage';
import { storePageData } from '../http/pageData';
import { lazyDescription, type DescriptionOptions } from '../api/openapi';
import { linksOf, type LinkTarget } from './links';
import { MANIFEST_FILE, readManifest, writeManifest, type ExportedPage, type ExportManifest } from './manifest';
import { pageFile, redirectPage } from './pageFiles';
import { embedPages } from './embedPages';

export interface ExportProgress {
  advance(n?: number): void;
  setTotal(total: number): void;
  done(summary?: string): void;
}

export interface ExportOptions {
  readonly service: Service;
  readonly site: Site;
  readonly out: string;
  /** Re-export only what changed since the export already in `out` (its manifest). */
  readonly since: boolean;
  /**
   * The PDF reports the pages link to. Each is rendered by the service on first request (a result
   * book takes minutes): without them the mirror's report links answer 404.
   */
  readonly reports: boolean;
  /** Fetches a file from the service (a report, a calendar, a CSV, the service worker); undefined when it has none. */
  readonly fetchFile: (path: string) => Promise<Buffer | undefined>;
  readonly distDir: string;
  readonly progress: (task: string, total?: number) => ExportProgress;
  /** The API's description as the service makes it: /api/openapi.json, and the developers' page. */
  readonly description: DescriptionOptions;
}

export interface ExportSummary {
  readonly pages: number;
  /** Page files written this run (all of them in a full export). */
  readonly rewritten: readonly string[];
  readonly documents: number;
  readonly documentsWritten: number;
  readonly files: number;
  readonly bytes: number;
  readonly ms: number;
  /** Why a `since` export rendered every page anyway, if it did. */
  readonly fullBecause?: string;
  readonly lastMessage: number;
  readonly sinceMessage?: number;
}

/** The pages a crawl starts from: the site's front and sections (the rest is reached by links). */
const SEEDS = [
  '/',
  '/schedule/total',
  '/medal/ranking',
  '/delegation/list',
  '/discipline/list',
  '/competitor/individuals',
  '/developers',
];

export async function exportSite(options: ExportOptions): Promise<ExportSummary> {
  const started = Date.now();
  const { service, site, out } = options;
  const previous = options.since ? readManifest(out) : undefined;
  const fullBecause = !options.since
    ? undefined
    : !previous
      ? `no earlier export in ${out}`
      : previous.site !== site.version
        ? 'the site was built again'
        : undefined;
  const incremental = previous !== undefined && fullBecause === undefined;
  if (!options.since) {
    // Emptied only when it is an earlier export (or empty): a mistyped folder loses nothing.
    if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, MANIFEST_FILE)))
      throw new Error(`${out} is neither empty nor an earlier export: choose an empty folder`);
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  const folders = new Set<string>();
  /** Writes a file, and its gzip beside it (given, or made here) for nginx's gzip_static. */
  const write = (path: string, body: Buffer | string, gzip: Buffer | boolean = false) => {
    const file = join(out, path);
    const folder = dirname(file);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    writeFileSync(file, data);
    bytes += data.length;
    if (gzip === false) return;
    const packed = gzip === true ? gzipSync(data) : gzip;
    writeFileSync(`${file}.gz`, packed);
    bytes += packed.length;
  };

  // Documents: at the URLs the service answers them, with no extension (served as JSON).
  const documents: Record<string, string> = {};
  /** The units with a result: each has a page and an embed. */
  const resultUnits: string[] = [];
  let documentsWritten = 0;
  const documentTask = options.progress('documents', service.store.count());
  for (const doc of service.store.all()) {
    if (doc.type === 'DT_RESULT') resultUnits.push(doc.code);
    const path =
      doc.type === 'COMMON_CODE' ? `api/crs/commonCode/${doc.code}` : `api/crs/odf/json/${doc.type}/${doc.code}`;
    documents[path] = doc.etag;
    if (!incremental || previous.documents[path] !== doc.etag) {
      write(path, doc.body, true);
      documentsWritten += 1;
    }
    documentTask.advance();
  }
  if (incremental) {
    for (const path of Object.keys(previous.documents)) {
      if (path in documents) continue;
      rmSync(join(out, path), { force: true });
      rmSync(join(out, `${path}.gz`), { force: true });
    }
  }
  documentTask.done();

  // The site's shell: its hashed assets, its version, its service worker.
  if (!incremental && existsSync(join(options.distDir, 'client')))
    cpSync(join(options.distDir, 'client'), out, { recursive: true });
  write('v.json', JSON.stringify({ v: site.version }));
  const worker = await options.fetchFile('/sw.js');
  if (worker) write('sw.js', worker, true);
  // The API's description, the one the developers' page is drawn from (it changes with the build).
  const openapi = await options.fetchFile('/api/openapi.json');
  if (openapi) write('api/openapi.json', openapi, true);

  // Pages: what changed since the last export, or everything reachable.
  const pages: Record<string, ExportedPage> = incremental ? { ...previous.pages } : {};
  const versions = (type: string, code: string) => service.store.etag(type, code);
  const data = storePageData(service.store, lazyDescription(options.description));
  const queue: { url: string; locale: LocaleId }[] = [];
  const seen = new Set<string>();
  const enqueue = (url: string, locale: LocaleId) => {
    const file = pageFile(url, locale);
    if (seen.has(file)) return;
    seen.add(file);
    queue.push({ url, locale });
  };
  if (incremental) {
    for (const [file, page] of Object.entries(previous.pages)) {
      seen.add(file);
      if (page.reads.some(([type, code, etag]) => versions(type, code) !== etag)) queue.push(page);
    }
  } else {
    const units = resultUnits.map((code) => `/${code}`);
    for (const url of [...SEEDS, ...units]) for (const locale of LOCALE_IDS) enqueue(url, locale);
  }
  // The embeds, which no page links to: every one in a full export, those not written yet (a new
  // unit's, a new day's) in an incremental one, beside those whose documents changed (above).
  for (const url of await embedPages(data, resultUnits)) for (const locale of LOCALE_IDS) enqueue(url, locale);

  const rewritten: string[] = [];
  const linkCache = new Map<string, LinkTarget | null>();
  const files = new Set<string>();
  const pageTask = options.progress('pages', queue.length);
  const renderOne = async ({ url, locale }: { url: string; locale: LocaleId }) => {
    const outcome: RenderOutcome = await site.renderForExport(url, locale, data, versions);
    const file = pageFile(url, locale);
    if (outcome.kind === 'redirect') {
      write(file, redirectPage(outcome.location));
      pages[file] = { url, locale, reads: [], files: [] };
      const target = new URL(outcome.location, 'http://export.invalid');
      for (const other of LOCALE_IDS) enqueue(target.pathname + target.search, other);
    } else if (outcome.page.status === 200) {
      // The render thread compressed it already, as the service does for its readers.
      write(file, outcome.page.html, outcome.page.gzip);
      const links = linksOf(outcome.page.html.toString('utf8'), linkCache);
      pages[file] = {
        url,
        locale,
        reads: outcome.page.dependencies.map((d) => [d.type, d.code, d.etag] as const),
        files: links.files,
      };
      for (const link of links.pages) enqueue(link, locale);
      for (const linked of links.files) files.add(linked);
    } else {
      // A link to a page that is not there (yet): no file, not rendered again in this run (many pages
      // may link it); a later export looks again, as it is not in the manifest.
      delete pages[file];
      pageTask.advance();
      return;
    }
    rewritten.push(file);
    pageTask.setTotal(rewritten.length + queue.length);
    pageTask.advance();
  };
  // As many renders at once as the render threads take, and one more each to keep them busy.
  const lanes = Math.max(2, availableParallelism() * 2);
  // A lane that finds the queue empty waits while others render: their links refill it. Every
  // render that ends wakes every waiting lane; the last lane to find nothing left ends them all.
  let rendering = 0;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const lanesWaiting = waiting;
    waiting = [];
    for (const wake of lanesWaiting) wake();
  };
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (;;) {
        const next = queue.shift();
        if (!next) {
          if (rendering === 0) {
            wakeAll();
            break;
          }
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        rendering += 1;
        try {
          await renderOne(next);
        } finally {
          rendering -= 1;
          wakeAll();
        }
      }
    }),
  );
  pageTask.done();
  for (const locale of LOCALE_IDS) {
    const notFound = await site.renderForExport('/-/-/-', locale, data, versions);
    if (outcome404(notFound)) write(`pages/${locale}/404.html`, notFound.page.html, notFound.page.gzip);
  }

  // Reports, calendars and CSV files the written pages link to (all of them in a full export), a few
  // at once: each unit's table per language (its tab's when not the one it opens on), the medal table's.
  const wanted = [...files].filter((path) => options.reports || !path.startsWith('/reports/'));
  const fileTask = options.progress('files', wanted.length);
  let filesWritten = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = wanted.shift(); path !== undefined; path = wanted.shift()) {
        const body = await options.fetchFile(path);
        if (body) {
          write(fileOf(path), body, !path.endsWith('.pdf'));
          filesWritten += 1;
        }
        fileTask.advance();
      }
    }),
  );
  fileTask.done();

  const lastMessage = (service.db.prepare('SELECT max(id) AS id FROM messages').get() as { id: number | null }).id ?? 0;
  writeManifest(out, { site: site.version, lastMessage, pages, documents });
  return {
    pages: Object.keys(pages).length,
    rewritten,
    documents: Object.keys(documents).length,
    documentsWritten,
    files: filesWritten,
    bytes,
    ms: Date.now() - started,
    ...(fullBecause ? { fullBecause } : {}),
    lastMessage,
    ...(incremental ? { sinceMessage: previous.lastMessage } : {}),
  };
}

const outcome404 = (outcome: RenderOutcome): outcome is Extract<RenderOutcome, { kind: 'page' }> =>
  outcome.kind === 'page' && outcome.page.status === 404;

/**
 * A linked file's place in the mirror: its path, and its query after `@` (a calendar's `lang`, a
 * CSV's `lang` and `sort` or `tab`, in the order core/csvLinks.ts writes them, as nginx-static.conf
 * builds the name).
 */
export function fileOf(path: string): string {
  const [pathname, query] = path.split('?') as [string, string | undefined];
  const file = decodeURIComponent(pathname.slice(1));
  return query ? `${file}@${query}` : file;
}

export type { ExportManifest };
