/** Ordering of display values: numbers, race times and text, with empty or unreadable values last. */

/** Seconds of a time as results print it: `52.84`, `1:02.34`, `2:08:30`, `+0.15`; NaN otherwise. */
export function timeSeconds(text: string): number {
  const trimmed = text.trim().replace(/^\+/, '');
  if (!/^-?\d+(?::\d{1,2})*(?:\.\d+)?$/.test(trimmed)) return Number.NaN;
  const negative = trimmed.startsWith('-');
  const parts = trimmed.replace(/^-/, '').split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return negative ? -seconds : seconds;
}

export type SortType = 'number' | 'text' | 'time';

function numeric(text: string, type: SortType): number {
  if (type === 'time') return timeSeconds(text);
  const match = /^[=T]?\s*(-?\d+(?:\.\d+)?)/.exec(text.trim());
  return match ? Number(match[1]) : Number.NaN;
}

const collators = new Map<string, Intl.Collator>();
/**
 * The order a reader of a language knows text in (a BCP 47 tag): pinyin for zh-Hans, the
 * Traditional stroke order for zh-Hant, English for en; numbers in text as numbers. One a tag.
 */
export function collatorFor(tag: string): Intl.Collator {
  let collator = collators.get(tag);
  if (!collator) collators.set(tag, (collator = new Intl.Collator(tag, { numeric: true })));
  return collator;
}

/**
 * Compares two display values ascending; values that cannot be read sort after all others. Text
 * in a language's order when given its collator, else by code unit (a stable order for machines).
 */
export function compareValues(a: string, b: string, type: SortType, collator?: Intl.Collator): number {
  if (type === 'text') {
    if (a === '' || b === '') return a === b ? 0 : a === '' ? 1 : -1;
    if (collator) return collator.compare(a, b);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = numeric(a, type);
  const y = numeric(b, type);
  const xBad = Number.isNaN(x);
  const yBad = Number.isNaN(y);
  if (xBad || yBad) return xBad === yBad ? 0 : xBad ? 1 : -1;
  return x - y;
}
