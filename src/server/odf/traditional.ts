import * as OpenCC from 'opencc-js';
import type { OdfElement } from './normalise';

/**
 * zh_HK text is derived on the server (DESIGN section 4): for every language-tagged element in
 * Chinese (`Language="CHI"`) that has no Traditional twin, a twin with `Language="CHT"` is added,
 * its text converted by OpenCC (cn to hk). What the feed sent is kept as sent; the twin is an addition.
 */
export const SIMPLIFIED = 'CHI';
export const TRADITIONAL = 'CHT';

let converter: ((text: string) => string) | undefined;
/**
 * Conversions already made: a games repeats the same names (athletes, teams, venues, events) in
 * thousands of messages, and OpenCC's dictionary walk was a tenth of ingest. Bounded: cleared when full.
 */
const converted = new Map<string, string>();
const CONVERTED_MAX = 100_000;

export function toTraditional(text: string): string {
  const known = converted.get(text);
  if (known !== undefined) return known;
  converter ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  const result = converter(text);
  if (converted.size >= CONVERTED_MAX) converted.clear();
  converted.set(text, result);
  return result;
}

/**
 * A person's family and given names in Traditional characters, converted apart: a surname is not read
 * as part of a word (朱 stays 朱; the whole name 朱红 would give 硃紅).
 */
export function traditionalName(family: string, given: string): [string, string] {
  return [toTraditional(family), toTraditional(given)];
}

export function addTraditionalTwins(element: OdfElement): void {
  for (const [name, value] of Object.entries(element)) {
    if (!Array.isArray(value)) continue;
    const hasTraditional = value.some((child) => child.Language === TRADITIONAL);
    const twins: OdfElement[] = [];
    for (const child of value) {
      addTraditionalTwins(child);
      if (!hasTraditional && child.Language === SIMPLIFIED) twins.push(traditionalTwin(child));
    }
    if (twins.length > 0) element[name] = [...value, ...twins];
  }
}

function traditionalTwin(element: OdfElement): OdfElement {
  const twin: OdfElement = {};
  for (const [name, value] of Object.entries(element)) {
    if (name === 'Language') twin[name] = TRADITIONAL;
    else if (typeof value === 'string') twin[name] = toTraditional(value);
    else if (Array.isArray(value)) twin[name] = value.map(traditionalTwin);
  }
  return twin;
}
