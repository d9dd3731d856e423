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
export function toTraditional(text: string): string {
  converter ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  return converter(text);
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
