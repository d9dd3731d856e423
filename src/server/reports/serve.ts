import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { RSC_PATTERN } from '../../core/rsc';
import { answeredNotModified } from '../http/conditional';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { sendError, SECURITY_HEADERS } from '../http/headers';
import { sendRanged } from '../http/ranges';
import { reportOnThread, type RenderThreads } from '../http/renderTasks';
import type { Service } from '../service';
import { makeReport, reportSource, type ReportOutcome, type ReportRequest } from './make';
import { isReportKind } from './types';
import { OTHER_EDITIONS, STANDARD_EDITION, type ReportEdition } from './editions';

/** The site previews reports in a frame of its own pages (/report, /resultBook); no other site may. */
const FRAMED_BY_SITE = { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "frame-ancestors 'self'" };

/** A report follows its document's version (the ETag): a minute fresh, then revalidated; a day if the service fails. */
export const REPORT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400';
/** A PDF put in the data folder's reports/ (not rendered here): the same, without the day. */
export const REPORT_FILE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** /reports/{code}/{kind}.pdf, the standard edition, or /reports/{edition}/{code}/{kind}.pdf another. */
export const REPORT_PATH = new RegExp(
  `^/reports/(?:(${OTHER_EDITIONS.join('|')})/)?([A-Z0-9-]{34})/([A-Z0-9]{3})\\.pdf$`,
);

/**
 * Answers /reports/[{edition}/]{code}/{kind}.pdf: rendered on first request for each version of the
 * document it comes from, then served from the data folder's cache. The URL stays; the ETag follows
 * the version.
 */
export async function serveReport(
  req: IncomingMessage,
  res: ServerResponse,
  service: Service,
  dataDir: string,
  path: string,
  threads?: RenderThreads,
): Promise<boolean> {
  const match = REPORT_PATH.exec(path);
  if (!match) return false;
  const [, named, code, kind] = match as unknown as [string, ReportEdition | undefined, string, string];
  if (!RSC_PATTERN.test(code) || !isReportKind(kind)) {
    sendError(res, 404, `no report ${code}/${kind}`);
    return true;
  }
  const edition = named ?? STANDARD_EDITION;
  const request = { code, kind, edition };
  const source = reportSource(service.store, service.sports, request);
  if ('missing' in source) return (sendError(res, source.missing.status, source.missing.message), true);
  const headers = {
    ...SECURITY_HEADERS,
    ...CROSS_ORIGIN_RESOURCE,
    ...FRAMED_BY_SITE,
    'Content-Type': 'application/pdf',
    // Each edition downloads under a name of its own.
    'Content-Disposition': `inline; filename="${[code.replace(/-+$/, ''), kind, named].filter(Boolean).join('-')}.pdf"`,
    'Cache-Control': REPORT_CACHE_CONTROL,
  };
  // Known before rendering: a reader whose copy is current costs no render and no disk read.
  if (answeredNotModified(req, res, { etag: etagOf(kind, source.version) }, headers)) return true;
  const cacheDir = join(dataDir, 'reports', 'cache');
  const fileOf = (version: string) => join(cacheDir, `${code}-${kind}-${version}.pdf`);
  let version = source.version;
  const file = fileOf(version);
  const kept = existsSync(file) ? readFileSync(file) : undefined;
  let pdf: Buffer;
  // A kept copy is used only when whole (a PDF ends with %%EOF); anything else is rendered again.
  if (kept && isWholePdf(kept)) pdf = kept;
  else {
    const made = threads
      ? await onThread(threads, service, request)
      : await makeReport(service.store, service.sports, request);
    if ('missing' in made) return (sendError(res, made.missing.status, made.missing.message), true);
    // The version rendered: a newer one than looked up above when the feed wrote in between.
    ({ version, pdf } = made.report);
    keepCopy(cacheDir, fileOf(version), pdf);
  }
  // Ranges: a PDF viewer reads a large result book page by page, and resumes a broken download.
  // Never compressed: a PDF's streams are compressed already, and a slice is of the bytes as stored.
  sendRanged(req, res, pdf, headers, etagOf(kind, version));
  return true;
}

const etagOf = (kind: string, version: string) => `"${kind}-${version}"`;

/** Rendered on a render thread; here when none can (it could not start, it died): slower, never lost. */
const onThread = (threads: RenderThreads, service: Service, request: ReportRequest): Promise<ReportOutcome> =>
  reportOnThread(threads, request).catch((error: unknown) => {
    console.error(`podium: render thread: ${(error as Error).message}; rendering ${request.code} ${request.kind} here`);
    return makeReport(service.store, service.sports, request);
  });

const isWholePdf = (bytes: Buffer) =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF');

/**
 * Keeps a rendered report on disk, atomically (a temporary file renamed into place): a full disk or
 * any failed write leaves no partial copy behind, and the reader still gets the report rendered in
 * memory. The log says why it was not kept.
 */
function keepCopy(dir: string, file: string, pdf: Buffer): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, pdf);
    renameSync(temporary, file);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written there.
    }
    console.error(`podium: report ${basename(file)} not kept on disk: ${(error as Error).message}`);
  }
}
