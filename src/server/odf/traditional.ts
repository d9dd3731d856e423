import type { OdfElement } from './normalise';
import { toTraditional } from './openccText';
import { traditionalFamilyName, traditionalFullName, traditionalName } from './personNames';

export { toTraditional } from './openccText';
export { traditionalFullName, traditionalName } from './personNames';

/**
 * zh_HK text is derived on the server (DESIGN section 4): for every language-tagged element in
 * Chinese (`Language="CHI"`) that has no Traditional twin, a twin with `Language="CHT"` is added,
 * its text converted by OpenCC (cn to hk), a person's names by the name conversion (personNames.ts).
 * What the feed sent is kept as sent; the twin is an addition.
 */
export const SIMPLIFIED = 'CHI';
export const TRADITIONAL = 'CHT';

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

/** Attributes of a person's `Description` that hold a whole name: read as a surname, then a given name. */
const WHOLE_NAMES = new Set(['PrintName', 'PrintInitialName', 'TVName', 'TVInitialName']);

function traditionalTwin(element: OdfElement): OdfElement {
  const twin: OdfElement = {};
  // A person (family or given name present): the names are converted as names, not as words.
  const person =
    typeof element.FamilyName === 'string' || typeof element.GivenName === 'string'
      ? traditionalName(attribute(element.FamilyName), attribute(element.GivenName))
      : undefined;
  for (const [name, value] of Object.entries(element)) {
    if (name === 'Language') twin[name] = TRADITIONAL;
    else if (typeof value === 'string')
      twin[name] = person ? personAttribute(name, value, person) : toTraditional(value);
    else if (Array.isArray(value)) twin[name] = value.map(traditionalTwin);
  }
  return twin;
}

const attribute = (value: OdfElement[string]) => (typeof value === 'string' ? value : '');

function personAttribute(name: string, value: string, [family, given]: [string, string]): string {
  if (name === 'FamilyName') return family;
  if (name === 'GivenName') return given;
  if (name === 'TVFamilyName') return traditionalFamilyName(value);
  if (WHOLE_NAMES.has(name)) return traditionalFullName(value);
  return toTraditional(value);
}
