import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (sports/, dist/, package.json): the nearest folder above this code with a
 * package.json, whether the code runs from its sources (src/server/cli) or from the build (dist/server).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`podium: no package.json above ${from}`);
  }
}

export const ROOT_DIR = projectRoot(dirname(fileURLToPath(import.meta.url)));
