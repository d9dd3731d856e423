/**
 * The mirror (issue 27, item 2): every page the site has, in the three languages, as the same HTML
 * the service sends, beside the documents, assets, reports, calendars and CSV downloads, in the
 * layout of pageFiles.ts. Pages are found the way a reader finds them: from the schedule, every
 * link of every page in turn, plus every unit the store has a result for. Rendered by the service's own renderer
 * (render threads when the store is on disk), recording the documents each page read, so `since`
 * re-renders only the pages whose documents changed.
 */
import { availableParallelism } from 'node:os';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_IDS, type LocaleId } from '../../core/sports/vocabulary';
import type { Service } from '../service';
import type { StoredDocument } from '../store/documents';
import type { Site } from '../http/site';
import type { RenderOutcome } from '../http/renderPage';
import { storePageData } from '../http/pageData';
import { lazyDescription, type DescriptionOptions } from '../api/openapi';
import type { FileAnswer } from './fileFetch';
import { drainInLanes } from './lanes';
import { linksOf, type LinkTarget } from './links';
import { MirrorWriter } from './mirrorWriter';
import {
  MANIFEST_FILE,
  markUnderWay,
  readManifest,
  removeStaleManifestCopies,
  writeManifest,
  type ExportedPage,
  type ExportFailure,
  type ExportManifest,
  type PageRead,
} from './manifest';
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
  /** Fetches a file from the service (a report, a calendar, a CSV, the service worker), retrying (fileFetch.ts). */
  readonly fetchFile: (path: string, etag?: string) => Promise<FileAnswer>;
  readonly distDir: string;
  readonly progress: (task: string, total?: number) => ExportProgress;
  /** The API's description as the service makes it: /api/openapi.json, and the developers' page. */
  readonly description: DescriptionOptions;
}

export interface ExportSummary {
  readonly pages: number;
  /** Page files written this run (all of them in a full export), with their bytes (HTML and gzip). */
  readonly rewritten: readonly string[];
  readonly pageBytes: ReadonlyMap<string, number>;
  /** Pages the same bytes as another: hard links to it, no bytes of their own (mirrorWriter.ts). */
  readonly linkedPages: number;
  /** Pages and files found in the folder with the same bytes already, left as they were. */
  readonly unchanged: number;
  /** Linked files the service said were current (304 to the ETag they were written at), not fetched. */
  readonly filesCurrent: number;
  /** What could not be written, with the cause: the folder is then incomplete. */
  readonly failures: readonly ExportFailure[];
  /** Whether this run continued an export that had stopped. */
  readonly resumed: boolean;
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
  removeStaleManifestCopies(out);
  const found = readManifest(out);
  const earlier = found?.site === site.version ? found : undefined;
  // A stopped export of this build continues, asked or not; `since` updates a complete one.
  const resumed = earlier !== undefined && !earlier.complete;
  const previous = resumed || options.since ? earlier : undefined;
  const fullBecause = !options.since
    ? undefined
    : !found
      ? `no earlier export in ${out}`
      : !earlier
        ? 'the site was built again'
        : undefined;
  const incremental = previous !== undefined;
  if (!incremental) {
    // Emptied only when it is an earlier export (or empty): a mistyped folder loses nothing.
    if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, MANIFEST_FILE)))
      throw new Error(`${out} is neither empty nor an earlier export: choose an empty folder`);
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  const lastMessage = (service.db.prepare('SELECT max(id) AS id FROM messages').get() as { id: number | null }).id ?? 0;
  const pages = new Map<string, ExportedPage>(incremental ? previous.pages : undefined);
  const documents: Record<string, string> = {};
  const writtenFiles: Record<string, string> = incremental ? { ...previous.files } : {};
  const failures: ExportFailure[] = [];
  const save = (complete: boolean) =>
    writeManifest(out, {
      site: site.version,
      lastMessage,
      complete,
      pages,
      documents,
      files: writtenFiles,
      failures,
    });
  // Said incomplete from the start (under way), and a full or continued export's manifest kept
  // current as pages and files are written, at most a tenth of the time (a big games' manifest
  // takes a while to write): a stop at any point leaves a manifest to resume from. An incremental
  // export keeps the last one: stopped, the next run renders again what it had changed.
  markUnderWay(out);
  let saved = 0;
  let saveMs = 0;
  const checkpoint = () => {
    if (incremental && !resumed) return;
    if (Date.now() - saved < Math.max(MIN_CHECKPOINT_MS, saveMs * 10)) return;
    const start = Date.now();
    save(false);
    saved = Date.now();
    saveMs = saved - start;
  };
  checkpoint();
  try {
    const summary = await exportInto(options, {
      incremental,
      previous,
      resumed,
      pages,
      documents,
      writtenFiles,
      failures,
      checkpoint,
    });
    save(failures.length === 0);
    return {
      ...summary,
      failures,
      resumed,
      ms: Date.now() - started,
      ...(fullBecause ? { fullBecause } : {}),
      lastMessage,
      ...(incremental && !resumed ? { sinceMessage: previous.lastMessage } : {}),
    };
  } catch (error) {
    // Whatever stopped it (a full disk, a failed write), the manifest says what is there.
    save(false);
    throw error;
  }
}

/** The least time between two writes of the manifest while an export runs (ms). */
const MIN_CHECKPOINT_MS = 1_000;

interface ExportState {
  readonly incremental: boolean;
  readonly previous: ExportManifest | undefined;
  readonly resumed: boolean;
  readonly pages: Map<string, ExportedPage>;
  readonly documents: Record<string, string>;
  /** Linked file → the ETag it was written at. */
  readonly writtenFiles: Record<string, string>;
  readonly failures: ExportFailure[];
  /** Writes the manifest when it is time to (exportSite). */
  readonly checkpoint: () => void;
}

async function exportInto(
  options: ExportOptions,
  state: ExportState,
): Promise<Omit<ExportSummary, 'failures' | 'resumed' | 'ms' | 'fullBecause' | 'lastMessage' | 'sinceMessage'>> {
  const { service, site, out } = options;
  const { incremental, previous, resumed, pages, documents, writtenFiles, failures, checkpoint } = state;
  const writer = new MirrorWriter(out, !incremental);
  const write = writer.write.bind(writer);

  // Documents: at the URLs the service answers them, with no extension (served as JSON).
  /** The units with a result: each has a page and an embed. */
  const resultUnits: string[] = [];
  let documentsWritten = 0;
  const documentTask = options.progress('documents', service.store.count());
  const pathOf = (type: string, code: string) =>
    type === 'COMMON_CODE' ? `api/crs/commonCode/${code}` : `api/crs/odf/json/${type}/${code}`;
  const record = (doc: Pick<StoredDocument, 'type' | 'code' | 'etag'>, body?: string) => {
    const path = pathOf(doc.type, doc.code);
    if (doc.type === 'DT_RESULT') resultUnits.push(doc.code);
    if (body !== undefined) {
      write(path, body, true);
      documentsWritten += 1;
    }
    documents[path] = doc.etag;
    documentTask.advance();
  };
  /** Each document's ETag now, by type and code (an incremental export's: from the listing below). */
  const etagsNow = new Map<string, string>();
  const keyOf = (type: string, code: string) => `${type}\u0000${code}`;
  // A full export reads every body in one pass; an incremental one lists the documents without
  // their bodies and reads only those that changed.
  if (!incremental) for (const doc of service.store.all()) record(doc, doc.body);
  else
    for (const listed of service.store.listing()) {
      etagsNow.set(keyOf(listed.type, listed.code), listed.etag);
      if (previous!.documents[pathOf(listed.type, listed.code)] === listed.etag) record(listed);
      else {
        // Read as the service serves it: a damaged one rebuilt, a refused one left out.
        const doc = service.store.get(listed.type, listed.code);
        if (doc) record(doc, doc.body);
      }
    }
  if (incremental) {
    for (const path of Object.keys(previous!.documents)) {
      if (path in documents) continue;
      rmSync(join(out, path), { force: true });
      rmSync(join(out, `${path}.gz`), { force: true });
    }
  }
  documentTask.done();

  // The site's shell: its hashed assets, its version, its service worker.
  if ((!incremental || resumed) && existsSync(join(options.distDir, 'client')))
    cpSync(join(options.distDir, 'client'), out, { recursive: true });
  write('v.json', JSON.stringify({ v: site.version }));
  const worker = await options.fetchFile('/sw.js');
  if (worker.kind === 'file') write('sw.js', worker.body, true);
  // The API's description, the one the developers' page is drawn from (it changes with the build).
  const openapi = await options.fetchFile('/api/openapi.json');
  if (openapi.kind === 'file') write('api/openapi.json', openapi.body, true);

  // Pages: what changed since the last export (and, continuing a stopped one, what it had not
  // reached yet), or everything reachable.
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
  const linkCache = new Map<string, LinkTarget | null>();
  const files = new Set<string>();
  if (incremental) {
    // All on record first: a page's links name pages on record further down the list.
    for (const file of previous!.pages.keys()) seen.add(file);
    // Pages share their reads (manifest.ts): each is compared once, not once per page reading it,
    // with the listing's ETags (one query; a look-up each was half a second for 14,000 documents).
    // A document not there now reads as '' (absent), as the page recorded it if it was then.
    const stale = new Map<PageRead, boolean>();
    const isStale = (read: PageRead) => {
      let answer = stale.get(read);
      if (answer === undefined) stale.set(read, (answer = (etagsNow.get(keyOf(read[0], read[1])) ?? '') !== read[2]));
      return answer;
    };
    for (const [file, page] of previous!.pages) {
      const kept = !page.reads.some(isStale);
      const html = kept && resumed ? readKept(join(out, file)) : undefined;
      if (!kept || (resumed && html === undefined)) queue.push(page);
      else if (html !== undefined) {
        // A stopped export's pages lead to those it had not reached: read from the files written.
        const links = linksOf(html, linkCache);
        for (const link of links.pages) enqueue(link, page.locale);
        for (const linked of links.files) if (!Object.hasOwn(previous!.files, linked)) files.add(linked);
      }
    }
  }
  if (!incremental || resumed) {
    const units = resultUnits.map((code) => `/${code}`);
    for (const url of [...SEEDS, ...units]) for (const locale of LOCALE_IDS) enqueue(url, locale);
  }
  // The embeds, which no page links to: every one in a full export, those not written yet (a new
  // unit's, a new day's) in an incremental one, beside those whose documents changed (above).
  for (const url of await embedPages(data, resultUnits)) for (const locale of LOCALE_IDS) enqueue(url, locale);

  const rewritten: string[] = [];
  const pageBytes = new Map<string, number>();
  const pageTask = options.progress('pages', queue.length);
  const renderOne = async ({ url, locale }: { url: string; locale: LocaleId }) => {
    const file = pageFile(url, locale);
    let outcome: RenderOutcome;
    try {
      outcome = await site.renderForExport(url, locale, data, versions);
    } catch (error) {
      // One page that cannot be rendered is listed, not fatal: the others are written.
      pages.delete(file);
      failures.push({ path: file, cause: `not rendered: ${(error as Error).message}` });
      pageTask.advance();
      return;
    }
    if (outcome.kind === 'redirect') {
      pageBytes.set(file, write(file, redirectPage(outcome.location)));
      pages.set(file, { url, locale, reads: [] });
      const target = new URL(outcome.location, 'http://export.invalid');
      for (const other of LOCALE_IDS) enqueue(target.pathname + target.search, other);
    } else if (outcome.page.status === 200) {
      // The render thread compressed it already, as the service does for its readers.
      pageBytes.set(file, writer.writePage(file, outcome.page.html, outcome.page.gzip));
      const links = linksOf(outcome.page.html.toString('utf8'), linkCache);
      pages.set(file, {
        url,
        locale,
        reads: outcome.page.dependencies.map((d) => [d.type, d.code, d.etag] as const),
      });
      for (const link of links.pages) enqueue(link, locale);
      for (const linked of links.files) files.add(linked);
    } else {
      // A link to a page that is not there (yet): no file, not rendered again in this run (many pages
      // may link it); a later export looks again, as it is not in the manifest.
      pages.delete(file);
      pageTask.advance();
      return;
    }
    rewritten.push(file);
    pageTask.setTotal(rewritten.length + queue.length);
    pageTask.advance();
    checkpoint();
  };
  // As many renders at once as the render threads take, and one more each to keep them busy.
  await drainInLanes(queue, Math.max(2, availableParallelism() * 2), renderOne);
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
  let filesCurrent = 0;
  await drainInLanes(wanted, 4, async (path) => {
    // Asked with the ETag it was written at, if it is still there: a 304 costs the service nothing.
    const held = writtenFiles[path];
    const etag = held && existsSync(join(out, fileOf(path))) ? held : undefined;
    const answer = await options.fetchFile(path, etag);
    if (answer.kind === 'unchanged') filesCurrent += 1;
    else if (answer.kind === 'file') {
      writer.writeChanged(fileOf(path), answer.body, !path.endsWith('.pdf'));
      writtenFiles[path] = answer.etag ?? '';
      filesWritten += 1;
    } else if (answer.kind === 'failed') {
      failures.push({ path: fileOf(path), cause: `${answer.cause} (${answer.tries} tries)` });
    }
    fileTask.advance();
    checkpoint();
  });
  fileTask.done();

  return {
    pages: pages.size,
    rewritten,
    pageBytes,
    documents: Object.keys(documents).length,
    documentsWritten,
    files: filesWritten,
    linkedPages: writer.linked,
    unchanged: writer.unchanged,
    filesCurrent,
    bytes: writer.bytes,
  };
}

/** A page file an earlier run wrote, or undefined when it is not there (removed since). */
function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
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
