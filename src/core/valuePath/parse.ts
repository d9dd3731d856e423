import { INDEX_SOURCE, NAME_SOURCE, VALUE_PATH_MAX_LENGTH, VALUE_SOURCE } from './grammar';
import type { MatchCondition, PathFilter, PathSegment, ValuePath } from './types';
import { ValuePathError } from './types';

const NAME = new RegExp(`^${NAME_SOURCE}`);
const VALUE = new RegExp(`^${VALUE_SOURCE}`);
const INDEX = new RegExp(`^${INDEX_SOURCE}(?=\\])`);

/** Parses a value path; throws `ValuePathError` naming the offending position. */
export function parseValuePath(source: string): ValuePath {
  if (source.length === 0) throw new ValuePathError('a value path cannot be empty', 0);
  if (source.length > VALUE_PATH_MAX_LENGTH) {
    throw new ValuePathError(`a value path is at most ${VALUE_PATH_MAX_LENGTH} characters`, VALUE_PATH_MAX_LENGTH);
  }
  const cursor = { at: 0 };
  const segments: PathSegment[] = [readSegment(source, cursor)];
  while (cursor.at < source.length) {
    if (source[cursor.at] !== '.') {
      throw new ValuePathError(
        `expected "." or "[" but found "${source[cursor.at]}" at position ${cursor.at}`,
        cursor.at,
      );
    }
    cursor.at += 1;
    segments.push(readSegment(source, cursor));
  }
  return { segments };
}

interface Cursor {
  at: number;
}

function readName(source: string, cursor: Cursor, what: string): string {
  const match = NAME.exec(source.slice(cursor.at));
  if (!match) {
    throw new ValuePathError(
      `expected ${what} (a letter or "_", then letters, digits or "_") at position ${cursor.at}`,
      cursor.at,
    );
  }
  cursor.at += match[0].length;
  return match[0];
}

function readSegment(source: string, cursor: Cursor): PathSegment {
  const name = readName(source, cursor, 'a name');
  const filters: PathFilter[] = [];
  while (source[cursor.at] === '[') {
    cursor.at += 1;
    filters.push(readFilter(source, cursor));
    if (source[cursor.at] !== ']') {
      throw new ValuePathError(`expected "]" at position ${cursor.at}`, cursor.at);
    }
    cursor.at += 1;
  }
  return { name, filters };
}

function readFilter(source: string, cursor: Cursor): PathFilter {
  const index = INDEX.exec(source.slice(cursor.at));
  if (index) {
    cursor.at += index[0].length;
    return { kind: 'index', index: Number(index[0]) };
  }
  const conditions: MatchCondition[] = [readCondition(source, cursor)];
  while (source[cursor.at] === '&') {
    cursor.at += 1;
    conditions.push(readCondition(source, cursor));
  }
  return { kind: 'match', conditions };
}

function readCondition(source: string, cursor: Cursor): MatchCondition {
  const attribute = readName(source, cursor, 'an attribute name or an index');
  if (source[cursor.at] !== '=') {
    throw new ValuePathError(`expected "=" after "${attribute}" at position ${cursor.at}`, cursor.at);
  }
  cursor.at += 1;
  const value = VALUE.exec(source.slice(cursor.at));
  if (!value) {
    throw new ValuePathError(
      `expected a value after "${attribute}=" at position ${cursor.at} (no spaces, "[", "]", "=" or "&")`,
      cursor.at,
    );
  }
  cursor.at += value[0].length;
  return { attribute, value: value[0] };
}

/** Parses without throwing: the path, or the error a sport editor should read. */
export function tryParseValuePath(
  source: string,
): { ok: true; path: ValuePath } | { ok: false; error: ValuePathError } {
  try {
    return { ok: true, path: parseValuePath(source) };
  } catch (error) {
    if (error instanceof ValuePathError) return { ok: false, error };
    throw error;
  }
}
