/**
 * The built client as the server sees it: vite's manifest (dist/client/.vite/manifest.json), the
 * build's version (a digest of the manifest), and the entry's script and styles every page links
 * and inlines. Before the client is built there is no manifest: pages render without assets.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageAssets } from './renderPage';

interface Manifest {
  [source: string]: { file: string; css?: string[]; isEntry?: boolean };
}

export class SiteManifest {
  private readonly manifest: Manifest | undefined;
  /** The build's version (what /v.json answers and the service worker keys on). */
  readonly version: string;
  private pageAssets: PageAssets | undefined;

  constructor(
    private readonly distDir: string,
    fallbackVersion: string,
  ) {
    const manifestFile = join(distDir, 'client', '.vite', 'manifest.json');
    const text = existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : undefined;
    this.manifest = text ? (JSON.parse(text) as Manifest) : undefined;
    this.version = text ? createHash('sha256').update(text).digest('hex').slice(0, 12) : fallbackVersion;
  }

  get built(): boolean {
    return this.manifest !== undefined;
  }

  /**
   * The entry's script from the build manifest, and its styles, as URLs and as text (none before the
   * client is built). Each page inlines its share of the styles (app/pageStyles.ts): the first paint
   * needs no second round trip, which on a phone network is most of the time to the results.
   */
  assets(): PageAssets {
    // The same for every page of a build: found once, not per request.
    if (this.pageAssets) return this.pageAssets;
    const entry = Object.values(this.manifest ?? {}).find((chunk) => chunk.isEntry);
    if (!entry) return (this.pageAssets = { scripts: [], styles: [] });
    const inlineCss = (entry.css ?? [])
      .map((css) => readFileSync(join(this.distDir, 'client', css), 'utf8'))
      .join('\n');
    const styles = (entry.css ?? []).map((css) => `/${css}`);
    return (this.pageAssets = { scripts: [`/${entry.file}`], styles, inlineCss });
  }
}
