/**
 * CSV files kept per data version, as pages are (http/pageCache.ts): a file is made once, then
 * answered from memory while every document its loaders read keeps the ETag it had, and made again
 * on the first request after one changed. A final-time burst of downloads costs one table; requests
 * that come while it is being made wait for that one.
 */
import type { DocumentVersions, PageDependency } from '../http/pageCache';

export interface CsvFile {
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  readonly disposition: string;
  /** The status of the result the table shows (null for the medal table): how long caches keep it. */
  readonly resultStatus: string | null;
  readonly dependencies: readonly PageDependency[];
}

/** A file made, or why none could be: the status to answer and what to say. */
export type CsvOutcome =
  { readonly file: CsvFile } | { readonly missing: { readonly status: number; readonly message: string } };

export class CsvCache {
  private readonly files = new Map<string, CsvFile>();
  private readonly making = new Map<string, Promise<CsvOutcome>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The file under `key`: the kept one while current, else made by `make` (once for concurrent askers). */
  async get(key: string, versions: DocumentVersions, make: () => Promise<CsvOutcome>): Promise<CsvOutcome> {
    const kept = this.files.get(key);
    if (kept && kept.dependencies.every((d) => versions(d.type, d.code) === d.etag)) {
      // Most recently used last: the oldest go first when memory runs short.
      this.files.delete(key);
      this.files.set(key, kept);
      return { file: kept };
    }
    let pending = this.making.get(key);
    if (!pending) {
      pending = make().finally(() => this.making.delete(key));
      this.making.set(key, pending);
      const made = await pending;
      if ('file' in made) this.keep(key, made.file);
      return made;
    }
    return pending;
  }

  private keep(key: string, file: CsvFile): void {
    const old = this.files.get(key);
    if (old) {
      this.files.delete(key);
      this.bytes -= sizeOf(old);
    }
    // One huge file must not empty the cache.
    if (sizeOf(file) > this.maxBytes / 4) return;
    this.files.set(key, file);
    this.bytes += sizeOf(file);
    for (const [oldest, dropped] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= sizeOf(dropped);
    }
  }
}

const sizeOf = (file: CsvFile): number => file.body.length + file.gzip.length;
