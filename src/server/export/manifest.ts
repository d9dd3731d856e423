/**
 * What an export left in its folder (`.podium-export.json`): each page's file with the documents it
 * read and their ETags, each document's ETag, the linked files written, and whether the folder is
 * complete. A later `--since` export re-renders exactly the pages one of whose documents changed (as
 * the service's page cache decides, pageCache.ts), and writes exactly the documents that changed.
 * An export stopped midway (killed, a full disk, a failure) has its manifest saying `complete:
 * false`, kept current as it went: the next run continues from it (issue 51).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleId } from '../../core/sports/vocabulary';

export const MANIFEST_FILE = '.podium-export.json';
/**
 * Beside the manifest while an export runs: the folder is being changed, whatever the manifest says.
 * An incremental export marks its start so, instead of writing the whole manifest again first.
 */
export const UNDER_WAY_FILE = '.podium-export.running';
const FORMAT = 5;

/** `type`, `code`, `etag` of a document a page read ('' when it was absent). */
export type PageRead = readonly [string, string, string];

export interface ExportedPage {
  readonly url: string;
  readonly locale: LocaleId;
  readonly reads: readonly PageRead[];
}

/** A file the export could not write, and why. */
export interface ExportFailure {
  readonly path: string;
  readonly cause: string;
}

export interface ExportManifest {
  readonly format: number;
  /** The site build the pages were rendered with: another build renders every page again. */
  readonly site: string;
  /** The last message in the store when the export ran (`messages.id`). */
  readonly lastMessage: number;
  /** Whether every page and file reached was written: false while running, after a stop or failures. */
  readonly complete: boolean;
  /** Page file → the page. A Map: a large games' 150,000 keys are slow as an object's. */
  readonly pages: ReadonlyMap<string, ExportedPage>;
  /** Document file → ETag. */
  readonly documents: Record<string, string>;
  /**
   * Linked files written (reports, calendars, CSV files), as their paths and queries, with the ETag
   * each was written at ('' when it had none): the next run asks for it again with that ETag.
   */
  readonly files: Record<string, string>;
  /** What could not be written in the last run, with the cause. */
  readonly failures: readonly ExportFailure[];
}

/**
 * The manifest as written: each document read is listed once (`reads`), and a page names its reads
 * by their place in that list, `[file, url, locale, [read, ...]]`. Its 150,000 pages read about
 * 14,000 documents' versions between them: written out per page they made a 215 MB file, read and
 * written again by every incremental export. Pages are a list, not an object keyed by file: parsed
 * in half the time.
 */
interface StoredManifest extends Omit<ExportManifest, 'pages'> {
  readonly reads: readonly PageRead[];
  readonly pages: readonly (readonly [file: string, url: string, locale: LocaleId, reads: readonly number[]])[];
}

export function readManifest(folder: string): ExportManifest | undefined {
  const file = join(folder, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredManifest;
    if (stored.format !== FORMAT) return undefined;
    const { reads, pages, ...rest } = stored;
    const unpacked = new Map<string, ExportedPage>();
    for (const [name, url, locale, indices] of pages)
      unpacked.set(name, { url, locale, reads: indices.map((i) => reads[i]!) });
    const stopped = existsSync(join(folder, UNDER_WAY_FILE));
    return { ...rest, complete: rest.complete && !stopped, pages: unpacked };
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file renamed): a stop while writing leaves the one before. */
export function writeManifest(folder: string, manifest: Omit<ExportManifest, 'format'>): void {
  const file = join(folder, MANIFEST_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const reads: PageRead[] = [];
  const indexOf = new Map<string, number>();
  // Pages read back share their reads' arrays (readManifest): known by identity first, the cheap
  // look-up for most of a large games' pages; a new page's reads by their text.
  const indexOfRead = new Map<PageRead, number>();
  const pages: StoredManifest['pages'][number][] = [];
  for (const [name, page] of manifest.pages) {
    const indices = page.reads.map((read) => {
      let index = indexOfRead.get(read);
      if (index !== undefined) return index;
      const key = read.join('\u0000');
      index = indexOf.get(key);
      if (index === undefined) indexOf.set(key, (index = reads.push(read) - 1));
      indexOfRead.set(read, index);
      return index;
    });
    pages.push([name, page.url, page.locale, indices]);
  }
  const stored: StoredManifest = { ...manifest, format: FORMAT, reads, pages };
  writeFileSync(temporary, JSON.stringify(stored));
  renameSync(temporary, file);
  if (manifest.complete) rmSync(join(folder, UNDER_WAY_FILE), { force: true });
}

/** Says the folder is being changed until a manifest saying complete is written (writeManifest). */
export function markUnderWay(folder: string): void {
  writeFileSync(join(folder, UNDER_WAY_FILE), `${process.pid} ${new Date().toISOString()}\n`);
}

/** Copies a stop left while the manifest was being written: never part of the mirror. */
export function removeStaleManifestCopies(folder: string): void {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder))
    if (name.startsWith(`${MANIFEST_FILE}.`) && name.endsWith('.tmp')) rmSync(join(folder, name), { force: true });
}
