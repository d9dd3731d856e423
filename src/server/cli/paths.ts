import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from this file, so the commands work from any folder. */
export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
