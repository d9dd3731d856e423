/**
 * Making one CSV file: the page's loaders over the whole table (medalTable.ts, unitTable.ts), its
 * text, gzip copy, name and ETag. Seconds for the 5,200-finisher marathon, so it runs on a render
 * thread when the service has them (http/renderThread.ts), on the serving thread otherwise; the
 * request is plain data for that.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CsvTarget } from '../../core/csvLinks';
import { untypedDocument, type DataSource } from '../../web/data/source';
import type { LocaleId } from '../../web/i18n/locale';
import type { PageDependency } from '../http/pageCache';
import { storePageData } from '../http/pageData';
import type { DocumentStore } from '../store/documents';
import type { CsvOutcome } from './cache';
import { attachment } from './disposition';
import { medalTableRows } from './medalTable';
import { unitTableRows } from './unitTable';
import { csvText, type CsvRows } from './write';

/** What file to make: the table, its language, its order or tab (`''`: the page's default), its cache key. */
export interface CsvRequest {
  readonly target: Exclude<CsvTarget, { kind: 'malformed' }>;
  readonly locale: LocaleId;
  readonly variant: string;
  readonly key: string;
}

/**
 * The store as a page render reads it, but whole (no first-rows limit: the file is the whole table),
 * recording each document read with its version: the file is current while they keep theirs.
 */
function recordingSource(store: DocumentStore): { data: DataSource; dependencies: PageDependency[] } {
  const { tableRowLimit: _firstRowsOnly, ...whole } = storePageData(store);
  const dependencies: PageDependency[] = [];
  const document = ((type: string, code: string) => {
    dependencies.push({ type, code, etag: store.etag(type, code) });
    return untypedDocument(whole, type, code);
  }) as DataSource['document'];
  return { data: { document }, dependencies };
}

export async function makeCsv(store: DocumentStore, { target, locale, variant, key }: CsvRequest): Promise<CsvOutcome> {
  const { data, dependencies } = recordingSource(store);
  let rows: CsvRows;
  let disposition: string;
  let resultStatus: string | null = null;
  if (target.kind === 'medals') {
    const table = await medalTableRows(data, locale, variant);
    rows = table.rows;
    disposition = attachment(`medals-${table.order === 'total' ? 'total-' : ''}${locale}`, table.title, 'csv');
  } else {
    const table = await unitTableRows(data, target.code, locale, variant || undefined);
    if ('message' in table) return { missing: table };
    rows = table.rows;
    resultStatus = table.resultStatus ?? null;
    const ascii = `${target.code.replace(/-+$/, '')}-${table.tab}-${locale}`;
    disposition = attachment(ascii, table.title, 'csv');
  }
  const body = Buffer.from(csvText(rows));
  // The documents' versions and the language (in the key), and the bytes themselves: a new build
  // of the service may draw the same documents otherwise.
  const hash = createHash('sha256').update(`${key}\n`);
  for (const d of dependencies) hash.update(`${d.type}/${d.code}=${d.etag}\n`);
  const etag = `"csv${hash.update(body).digest('base64url').slice(0, 27)}"`;
  return {
    file: { body, gzip: gzipSync(body, { level: 6 }), etag, disposition, resultStatus, dependencies },
  };
}

/** A file as it arrives from a render thread (buffers come as plain Uint8Arrays). */
export function csvFromThread(outcome: CsvOutcome): CsvOutcome {
  if (!('file' in outcome)) return outcome;
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { file: { ...outcome.file, body: asBuffer(outcome.file.body), gzip: asBuffer(outcome.file.gzip) } };
}
