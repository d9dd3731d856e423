/**
 * What an export left in its folder (`.podium-export.json`): each page's file with the documents it
 * read and their ETags, and each document's ETag. A later `--since` export re-renders exactly the
 * pages one of whose documents changed (as the service's page cache decides, pageCache.ts), and
 * writes exactly the documents that changed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleId } from '../../core/sports/vocabulary';

export const MANIFEST_FILE = '.podium-export.json';
const FORMAT = 1;

export interface ExportedPage {
  readonly url: string;
  readonly locale: LocaleId;
  /** `type`, `code`, `etag` of each document the page read ('' when it was absent). */
  readonly reads: readonly (readonly [string, string, string])[];
  /** Files it links to (reports, calendars): fetched again when the page is. */
  readonly files: readonly string[];
}

export interface ExportManifest {
  readonly format: number;
  /** The site build the pages were rendered with: another build renders every page again. */
  readonly site: string;
  /** The last message in the store when the export ran (`messages.id`). */
  readonly lastMessage: number;
  readonly pages: Record<string, ExportedPage>;
  /** Document file → ETag. */
  readonly documents: Record<string, string>;
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

export function writeManifest(folder: string, manifest: Omit<ExportManifest, 'format'>): void {
  writeFileSync(join(folder, MANIFEST_FILE), JSON.stringify({ format: FORMAT, ...manifest }));
}
