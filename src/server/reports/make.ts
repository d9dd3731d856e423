/**
 * Making one report PDF from the store: which version it is (known before rendering, from the
 * documents it comes from) and its render. Tens of milliseconds a unit, seconds for a result book,
 * so it runs on a render thread when the service has them (http/renderThread.ts), on the serving
 * thread otherwise; the request is plain data for that.
 */
import { createHash } from 'node:crypto';
import { namesDirectoryCode } from '../../core/namesDirectory';
import { disciplineOf } from '../../core/rsc';
import type { ResolvedSport } from '../../core/sports/types';
import { defaultSport } from '../../web/data/defaultSport';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { ReportFontMissing } from './pdf';
import { renderUnitReport } from './render';
import { RESULT_BOOK_LAYOUT, renderResultBook } from './resultBook';
import type { ReportKind } from './types';
import { STANDARD_EDITION, type ReportEdition } from './editions';

export interface ReportRequest {
  readonly code: string;
  readonly kind: ReportKind;
  readonly edition: ReportEdition;
}

/** The report's version (its ETag's), or why there is none: 404 without its documents. */
export type ReportSource =
  { readonly version: string; readonly render: () => Promise<Buffer> } | { readonly missing: ReportMissing };
export type ReportOutcome =
  { readonly report: { readonly version: string; readonly pdf: Buffer } } | { readonly missing: ReportMissing };
export interface ReportMissing {
  readonly status: number;
  readonly message: string;
}

/** The discipline's plugin; a discipline without one (a feed's own) is reported with the default layout. */
const sportOf = (sports: readonly ResolvedSport[], code: string): ResolvedSport =>
  sports.find((s) => s.code === code.slice(0, 3)) ??
  defaultSport(code.slice(0, 3), { zh_CN: code.slice(0, 3), zh_HK: code.slice(0, 3), en_US: code.slice(0, 3) });

/**
 * Another edition's version names it: its ETag and its file in the data folder's reports/cache are
 * its own, and the standard edition's are as they were.
 */
const versionIn = (edition: ReportEdition, version: string) =>
  edition === STANDARD_EDITION ? version : `${edition}-${version}`;

/** Prepared once per store: a result book's version is asked for on each of its requests. */
const officialStatements = new WeakMap<Db, Statement>();
function officialResults(db: Db): Statement {
  let statement = officialStatements.get(db);
  if (!statement)
    officialStatements.set(
      db,
      (statement = db.prepare(
        "SELECT code, version FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' AND substr(code, 1, 3) = ? ORDER BY code",
      )),
    );
  return statement;
}

export function reportSource(
  store: DocumentStore,
  sports: readonly ResolvedSport[],
  { code, kind, edition }: ReportRequest,
): ReportSource {
  const sport = sportOf(sports, code);
  const namesVersion = (unit: string) =>
    (store.get('NAMES', namesDirectoryCode(unit)) ?? store.get('NAMES', disciplineOf(unit)))?.version ?? 0;
  if (kind === 'C95') {
    if (code !== disciplineOf(code))
      return { missing: { status: 404, message: 'a result book is addressed by its discipline code' } };
    const official = officialResults(store.db).all(code.slice(0, 3));
    const version = createHash('sha256')
      .update(JSON.stringify({ layout: RESULT_BOOK_LAYOUT, official, names: namesVersion(code) }))
      .digest('hex')
      .slice(0, 12);
    return { version: versionIn(edition, version), render: () => renderResultBook(sport, store, edition) };
  }
  const stored = store.get('DT_RESULT', code);
  if (!stored || (kind === 'C73' && stored.status !== 'OFFICIAL'))
    return {
      missing: {
        status: 404,
        message: kind === 'C73' ? `no official results for ${code}` : `no start list for ${code}`,
      },
    };
  // The names joined to the result (DT_PARTIC) are part of the report: a new entry list renders it again.
  return {
    version: versionIn(edition, `${stored.version}.${namesVersion(code)}`),
    render: () =>
      renderUnitReport({ sport, code, kind, result: JSON.parse(stored.body), version: stored.version, edition }, store),
  };
}

/** The report rendered, with the version it is of; a missing font is a 503 the reader is told about. */
export async function makeReport(
  store: DocumentStore,
  sports: readonly ResolvedSport[],
  request: ReportRequest,
): Promise<ReportOutcome> {
  const source = reportSource(store, sports, request);
  if ('missing' in source) return source;
  try {
    return { report: { version: source.version, pdf: await source.render() } };
  } catch (error) {
    if (error instanceof ReportFontMissing) return { missing: { status: 503, message: error.message } };
    throw error;
  }
}

/** A report as it arrives from a render thread (a Buffer comes as a plain Uint8Array). */
export function reportFromThread(outcome: ReportOutcome): ReportOutcome {
  if (!('report' in outcome)) return outcome;
  const { pdf } = outcome.report;
  return { report: { ...outcome.report, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) } };
}
