/**
 * Sizes of the production build as a browser loads it: a chunk with everything it imports
 * statically, gzip-compressed, read from Vite's manifest. Shared by `npm run bench:web` and the
 * budget checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleSizes {
  /** The entry and what it imports statically. */
  entry: number;
  /**
   * The entry, the page's message catalogue, the unit route chunk, a sport plugin and the widget its
   * result tab draws (a table: widgets are chunks of their own), with their imports.
   */
  unitPage: number;
  /** The catalogue of one language (loaded with the entry, before hydration). */
  catalogue: number;
  /** Each sport plugin chunk alone, and with the legend sets it imports. */
  plugins: { code: string; chunk: number; withSets: number }[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function bundleSizes(distDir: string, unitSport = 'SWM'): BundleSizes {
  const manifest = readManifest(distDir);
  const gzipOf = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipOf.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(distDir, 'client', file)), { level: 9 }).length;
      gzipOf.set(file, bytes);
    }
    return bytes;
  };
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + size(file), 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the build has no entry chunk');
  const entry = closure(entryKey);
  const catalogue = closure('src/generated/messages/zh_CN.ts');
  const unit = closure(
    'src/web/widgets/table/widget.tsx',
    closure(
      'src/web/pages/unit/index.tsx',
      closure(`src/generated/sports/${unitSport}.ts`, new Set([...entry, ...catalogue])),
    ),
  );
  if (!Object.hasOwn(manifest, 'src/web/widgets/table/widget.tsx'))
    throw new Error('the build has no table widget chunk');
  const plugins = Object.keys(manifest)
    .filter((k) => /^src\/generated\/sports\/[A-Z0-9]{3}\.ts$/.test(k))
    .sort()
    .map((k) => ({
      code: k.slice(-6, -3),
      chunk: size(manifest[k]!.file),
      // What the plugin adds to a page beyond the entry: its chunk and the legend sets it imports.
      withSets: total(new Set([...closure(k)].filter((file) => !entry.has(file)))),
    }));
  return { entry: total(entry), unitPage: total(unit), catalogue: total(catalogue), plugins };
}
