import type { ReadRecord } from './readRecord';
import type { FeedValue } from './walk';

/**
 * A value a plugin marks as not shown on purpose (`hidden` in sport.json). Its reason, written for
 * editors, stays out of the pages' code: the coverage report reads it (src/generated/hiddenReasons.ts).
 */
export interface HiddenMark {
  readonly code: string;
}

/**
 * Whether a mark covers the value: its coded item's Code, its attribute's name, or `Element.Attribute`
 * (an attribute of elements of that name only: a person's `Description.Organisation`, not an
 * opponent's `Organisation`).
 */
export const hiddenBy = (value: FeedValue, hidden: readonly HiddenMark[]): HiddenMark | undefined =>
  hidden.find(
    (mark) =>
      mark.code === value.code ||
      mark.code === value.attribute ||
      (mark.code.includes('.') && (value.signature === mark.code || value.signature.endsWith(`.${mark.code}`))),
  );

/** The values the computation behind `record` never read and no mark hides: what "More" shows. */
export function unreadValues(
  values: readonly FeedValue[],
  record: ReadRecord,
  hidden: readonly HiddenMark[],
): FeedValue[] {
  return values.filter((v) => !record.has(v.owner, v.attribute) && !hiddenBy(v, hidden));
}

/**
 * A value's label in a language: a coded item by its Code (`code.<Code>` in the sport's or the
 * shared labels, else the Code itself) and position, an attribute by its name (`attr.<Name>`, else
 * the name); an attribute of a coded item other than its Value after the item's label.
 */
export function feedValueLabel(value: FeedValue, labels: Readonly<Record<string, string>>): string {
  const attribute = labels[`attr.${value.attribute}`] ?? value.attribute;
  if (value.code === undefined) return attribute;
  const item = `${labels[`code.${value.code}`] ?? value.code}${value.pos ? ` ${value.pos}` : ''}`;
  return value.attribute === 'Value' ? item : `${item} · ${attribute}`;
}
