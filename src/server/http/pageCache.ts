/**
 * Server-rendered pages kept per data version (issue 14): a page is rendered once, then answered
 * from memory for as long as every document its loaders read still has the ETag it had, and
 * rendered again on the first request after one of them changes (that request waits for it a
 * moment only, and the requests that come while it runs get the page before it: site.ts). Nothing
 * has to announce a change:
 * the check costs one lookup per document the page read (the store keeps recent documents in
 * memory), so several server processes, each with its own cache, stay right without talking.
 */

/** A document a page read, and its version then ('' when it was absent: its arrival changes the page). */
export interface PageDependency {
  readonly type: string;
  readonly code: string;
  readonly etag: string;
  /** False for a document the page reads without following it live (its frame's). */
  readonly live?: boolean;
}

export interface CachedPage {
  readonly status: number;
  readonly html: Buffer;
  readonly gzip: Buffer;
  /** A strong ETag of the HTML. */
  readonly etag: string;
  readonly dependencies: readonly PageDependency[];
}

/**
 * The documents that name who a page shows (entry lists and what the service derives from them): a
 * new version of one renames the page rather than updating a result on it.
 */
const NAMING_DOCUMENTS: ReadonlySet<string> = new Set([
  'DT_PARTIC',
  'DT_PARTIC_TEAMS',
  'NAMES',
  'COMPETITORS',
  'COMPETITOR_PROFILES',
  'PARTICIPANTS',
]);

/** The current version of a document ('' when absent). */
export type DocumentVersions = (type: string, code: string) => string;

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes = 128 * 1024 * 1024) {}

  /**
   * The page kept under `key`, if every document it read is unchanged. A stale one stays (`last`)
   * until its next render replaces it, or memory runs short.
   */
  get(key: string, versions: DocumentVersions): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.dependencies.some((d) => versions(d.type, d.code) !== d.etag)) return undefined;
    // Most recently used last: the oldest go first when memory runs short.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    const size = sizeOf(page);
    if (size > this.maxBytes / 4) return; // One huge page must not empty the cache.
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= sizeOf(kept);
    }
  }

  /**
   * The page last kept under `key`, current or not, when a reader may get it while its next render
   * runs: a page that existed (a 404 is no version of a page a late entry list has since made), and
   * none of whose changed documents renames what it shows (English names are no version of a page
   * the entry list has since named in Chinese). Otherwise readers wait for the render.
   */
  before(key: string, versions: DocumentVersions): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page || page.status !== 200) return undefined;
    const renamed = page.dependencies.some((d) => NAMING_DOCUMENTS.has(d.type) && versions(d.type, d.code) !== d.etag);
    return renamed ? undefined : page;
  }

  get size(): number {
    return this.pages.size;
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
  }
}

const sizeOf = (page: CachedPage) => page.html.length + page.gzip.length + 64 * page.dependencies.length;
