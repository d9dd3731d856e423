import type { OdfElement } from '../odf/normalise';

/**
 * The ODF XML Schema's sequence of a result row's children (`Result`): what the demo adds to a row
 * copied from an example (a record, say) goes in its place, since the serialiser writes children in
 * the order the object holds them.
 */
export const RESULT_CHILDREN = ['ExtendedResults', 'RecordIndicators', 'ResultItems', 'Competitor'] as const;

/** Sets `element[name]` to `value`, moving the children named in `sequence` into that order. */
export function setChild(element: OdfElement, name: string, value: OdfElement[], sequence: readonly string[]): void {
  element[name] = value;
  const rank = (key: string) => sequence.indexOf(key);
  const children = Object.keys(element)
    .filter((key) => rank(key) >= 0)
    .sort((a, b) => rank(a) - rank(b));
  for (const key of children) {
    const child = element[key];
    delete element[key];
    element[key] = child;
  }
}
