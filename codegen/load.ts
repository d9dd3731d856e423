import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import {
  LEGEND_SETS_DIR,
  NON_SPORT_FOLDERS,
  SHARED_HIDDEN_FILE,
  SHARED_LABELS_FILE,
  SHARED_SECTIONS_FILE,
  SPORTS_DIR,
} from './paths';
import type { Problem } from './problems';

/** A JSON file read from disk: its parsed content, or the reason it could not be read. */
export interface JsonFile {
  /** Path as shown to editors: relative to the working folder when inside it. */
  readonly file: string;
  readonly absolute: string;
  readonly data: unknown;
  readonly problem?: Problem;
}

export function displayPath(absolute: string): string {
  const fromCwd = relative(process.cwd(), absolute);
  return fromCwd.startsWith('..') ? absolute : fromCwd;
}

export function readJsonFile(absolute: string): JsonFile {
  const file = displayPath(absolute);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    return {
      file,
      absolute,
      data: undefined,
      problem: { file, pointer: '', message: `cannot read the file (${(error as Error).message})` },
    };
  }
  try {
    return { file, absolute, data: JSON.parse(text) };
  } catch (error) {
    return {
      file,
      absolute,
      data: undefined,
      problem: { file, pointer: '', message: `not valid JSON: ${(error as Error).message}` },
    };
  }
}

/** The sport folders under sports/, sorted; every other folder is named in NON_SPORT_FOLDERS. */
export function sportFolders(): string[] {
  return readdirSync(SPORTS_DIR)
    .filter((name) => !NON_SPORT_FOLDERS.has(name) && statSync(join(SPORTS_DIR, name)).isDirectory())
    .sort();
}

export function sportFile(code: string): string {
  return join(SPORTS_DIR, code, 'sport.json');
}

export function eventsFile(code: string): string {
  return join(SPORTS_DIR, code, 'events.json');
}

export function legendSetFiles(): string[] {
  if (!existsSync(LEGEND_SETS_DIR)) return [];
  return readdirSync(LEGEND_SETS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(LEGEND_SETS_DIR, name));
}

export function legendSetNameOf(absolute: string): string {
  return basename(absolute, '.json');
}

export { SHARED_HIDDEN_FILE, SHARED_LABELS_FILE, SHARED_SECTIONS_FILE };
