import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so the commands work from any folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SPORTS_DIR = join(ROOT, 'sports');
export const SHARED_DIR = join(SPORTS_DIR, '_shared');
export const LEGEND_SETS_DIR = join(SHARED_DIR, 'legend');
export const SHARED_LABELS_FILE = join(SHARED_DIR, 'labels.json');
export const SHARED_HIDDEN_FILE = join(SHARED_DIR, 'hidden.json');
export const SHARED_SECTIONS_FILE = join(SHARED_DIR, 'sections.json');
export const SCHEMAS_DIR = join(ROOT, 'schemas');
export const GENERATED_DIR = join(ROOT, 'src', 'generated');
/** Folders under sports/ that are not sports. */
export const NON_SPORT_FOLDERS = new Set(['_shared']);
