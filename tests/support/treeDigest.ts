import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';

/** Every file under `path` (or `path` itself when it is a file), in a stable order. */
function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => files(join(path, entry.name)))
    .sort();
}

/** A short digest of the named files and folders of the project (names and contents): a cache key. */
export function treeDigest(inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(ROOT, input))) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
