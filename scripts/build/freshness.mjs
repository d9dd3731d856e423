/**
 * Whether each part of the build in dist/ was made from the sources as they are now. Plain
 * JavaScript: the production launcher (bin/podium.mjs) reads it where no TypeScript tool is installed.
 * Keyed by content, not modification times, so a copy or a fresh checkout of the same sources is
 * current and an edit undone is current again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What each part of the build is made from: folders and files of the repository. */
export const BUILD_PARTS = {
  client: ['src/web', 'src/core', 'src/cells', 'src/generated', 'sports', 'codegen', 'schemas', 'vite.config.ts'],
  server: ['src', 'sports', 'codegen', 'schemas', 'scripts/build'],
};
/** Inputs of every part: how packages resolve and compile. */
const COMMON_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json'];

/** Where each part is written, and the stamp that names the sources it was made from. */
export const partDir = (root, part) => join(root, 'dist', part);
const stampFile = (root, part) => join(partDir(root, part), 'build.json');

/** A short digest of the named files and folders of `root`: every file's path and bytes, in a stable order. */
export function contentDigest(root, inputs) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(`${relative(root, path)}\0`).update(readFileSync(path));
  };
  for (const input of inputs) visit(join(root, input));
  return hash.digest('hex').slice(0, 16);
}

/** A digest of the part's inputs. */
export const fingerprint = (root, part) => contentDigest(root, [...BUILD_PARTS[part], ...COMMON_INPUTS]);

/** `current`, `stale` (made from other sources) or `missing`. */
export function partState(root, part) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root, part), 'utf8'));
  } catch {
    return 'missing';
  }
  return stamp.sources === fingerprint(root, part) ? 'current' : 'stale';
}

/** Records that the part in dist/ was made from `sources` (a fingerprint taken before it was built). */
export function stampPart(root, part, sources) {
  writeFileSync(stampFile(root, part), `${JSON.stringify({ sources, builtAt: new Date().toISOString() })}\n`);
}
