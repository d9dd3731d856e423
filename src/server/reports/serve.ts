import { defaultSport } from '../../web/data/defaultSport';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { namesDirectoryCode } from '../../core/namesDirectory';
import { disciplineOf, RSC_PATTERN } from '../../core/rsc';
import { answeredNotModified } from '../http/conditional';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { sendError, SECURITY_HEADERS } from '../http/headers';
import { sendRanged } from '../http/ranges';
import type { Service } from '../service';
import { ReportFontMissing } from './pdf';
import { renderUnitReport } from './render';
import { RESULT_BOOK_LAYOUT, renderResultBook } from './resultBook';
import { isReportKind } from './types';

/** The site previews reports in a frame of its own pages (/report, /resultBook); no other site may. */
const FRAMED_BY_SITE = { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "frame-ancestors 'self'" };

/** A report follows its document's version (the ETag): a minute fresh, then revalidated; a day if the service fails. */
export const REPORT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400';
/** A PDF put in the data folder's reports/ (not rendered here): the same, without the day. */
export const REPORT_FILE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export const REPORT_PATH = /^\/reports\/([A-Z0-9-]{34})\/([A-Z0-9]{3})\.pdf$/;

/**
 * Answers /reports/{code}/{kind}.pdf: rendered on first request for each version of the document it
 * comes from, then served from the data folder's cache. The URL stays; the ETag follows the version.
 */
export async function serveReport(
  req: IncomingMessage,
  res: ServerResponse,
  service: Service,
  dataDir: string,
  path: string,
): Promise<boolean> {
  const match = REPORT_PATH.exec(path);
  if (!match) return false;
  const [, code, kind] = match as unknown as [string, string, string];
  if (!RSC_PATTERN.test(code) || !isReportKind(kind)) {
    sendError(res, 404, `no report ${code}/${kind}`);
    return true;
  }
  // A discipline without a plugin (a feed's own) is reported with the generic default layout.
  const sport =
    service.sports.find((s) => s.code === code.slice(0, 3)) ??
    defaultSport(code.slice(0, 3), { zh_CN: code.slice(0, 3), zh_HK: code.slice(0, 3), en_US: code.slice(0, 3) });
  const namesVersion = (unit: string) =>
    (service.store.get('NAMES', namesDirectoryCode(unit)) ?? service.store.get('NAMES', disciplineOf(unit)))?.version ??
    0;
  let version: string;
  let render: () => Promise<Buffer>;
  if (kind === 'C95') {
    if (code !== disciplineOf(code))
      return (sendError(res, 404, 'a result book is addressed by its discipline code'), true);
    const official = service.db
      .prepare(
        "SELECT code, version FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' AND substr(code, 1, 3) = ? ORDER BY code",
      )
      .all(code.slice(0, 3));
    version = createHash('sha256')
      .update(JSON.stringify({ layout: RESULT_BOOK_LAYOUT, official, names: namesVersion(code) }))
      .digest('hex')
      .slice(0, 12);
    render = () => renderResultBook(sport, service.store);
  } else {
    const stored = service.store.get('DT_RESULT', code);
    if (!stored || (kind === 'C73' && stored.status !== 'OFFICIAL')) {
      sendError(res, 404, kind === 'C73' ? `no official results for ${code}` : `no start list for ${code}`);
      return true;
    }
    // The names joined to the result (DT_PARTIC) are part of the report: a new entry list renders it again.
    version = `${stored.version}.${namesVersion(code)}`;
    render = () =>
      renderUnitReport({ sport, code, kind, result: JSON.parse(stored.body), version: stored.version }, service.store);
  }
  const etag = `"${kind}-${version}"`;
  const headers = {
    ...SECURITY_HEADERS,
    ...CROSS_ORIGIN_RESOURCE,
    ...FRAMED_BY_SITE,
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${code.replace(/-+$/, '')}-${kind}.pdf"`,
    'Cache-Control': REPORT_CACHE_CONTROL,
  };
  // Known before rendering: a reader whose copy is current costs no render and no disk read.
  if (answeredNotModified(req, res, { etag }, headers)) return true;
  const cacheDir = join(dataDir, 'reports', 'cache');
  const file = join(cacheDir, `${code}-${kind}-${version}.pdf`);
  let pdf: Buffer;
  try {
    const kept = existsSync(file) ? readFileSync(file) : undefined;
    // A kept copy is used only when whole (a PDF ends with %%EOF); anything else is rendered again.
    if (kept && isWholePdf(kept)) pdf = kept;
    else {
      pdf = await render();
      keepCopy(cacheDir, file, pdf);
    }
  } catch (error) {
    if (error instanceof ReportFontMissing) {
      sendError(res, 503, error.message);
      return true;
    }
    throw error;
  }
  // Ranges: a PDF viewer reads a large result book page by page, and resumes a broken download.
  // Never compressed: a PDF's streams are compressed already, and a slice is of the bytes as stored.
  sendRanged(req, res, pdf, headers, etag);
  return true;
}

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
