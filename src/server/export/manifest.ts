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
const FORMAT = 2;

export interface ExportedPage {
  readonly url: string;
  readonly locale: LocaleId;
  /** `type`, `code`, `etag` of each document the page read ('' when it was absent). */
  readonly reads: readonly (readonly [string, string, string])[];
  /** Files it links to (reports, calendars): fetched again when the page is. */
  readonly files: readonly string[];
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
  readonly pages: Record<string, ExportedPage>;
  /** Document file → ETag. */
  readonly documents: Record<string, string>;
  /** Linked files written (reports, calendars, CSV files), as their paths and queries. */
  readonly files: readonly string[];
  /** What could not be written in the last run, with the cause. */
  readonly failures: readonly ExportFailure[];
}

export function readManifest(folder: string): ExportManifest | undefined {
  const file = join(folder, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ExportManifest;
    return manifest.format === FORMAT ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a temporary file renamed): a stop while writing leaves the one before. */
export function writeManifest(folder: string, manifest: Omit<ExportManifest, 'format'>): void {
  const file = join(folder, MANIFEST_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ format: FORMAT, ...manifest }));
  renameSync(temporary, file);
}

/** Copies a stop left while the manifest was being written: never part of the mirror. */
export function removeStaleManifestCopies(folder: string): void {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder))
    if (name.startsWith(`${MANIFEST_FILE}.`) && name.endsWith('.tmp')) rmSync(join(folder, name), { force: true });
}
