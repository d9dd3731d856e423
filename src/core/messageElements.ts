import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * What codegen lets into a catalogue: what formatjs draws from a precompiled ICU message, with no
 * parser in the browser and the same text on the server and in any browser. formatjs draws text,
 * arguments, `select`, `plural` and `selectordinal` with `#`, tags, and numbers, dates and times
 * with a named style or a skeleton (codegen's parse resolves skeletons to Intl options). Refused:
 * a date or time skeleton and a date without a style, which formatjs draws in the machine's own
 * time zone instead of the games' (it sets the configured zone on named styles only; a time without
 * one is `medium`), and a style formatjs does not know, which it would silently ignore.
 */

/** Element kinds of the AST (`TYPE` of @formatjs/icu-messageformat-parser; fixed by its format). */
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

/** The named styles of intl-messageformat (`IntlMessageFormat.formats`); `currency` needs a code ICU cannot name. */
const NAMED_STYLES: Readonly<Record<number, readonly string[]>> = {
  [NUMBER]: ['integer', 'percent'],
  [DATE]: ['short', 'medium', 'long', 'full'],
  [TIME]: ['short', 'medium', 'long', 'full'],
};

/** What a message uses that formatjs does not draw as the site needs, searched through options and tags. */
export function unsupportedElements(elements: readonly MessageFormatElement[]): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (element.type === SELECT || element.type === PLURAL)
      for (const option of Object.values(element.options)) found.push(...unsupportedElements(option.value));
    if (element.type === TAG) found.push(...unsupportedElements(element.children));
    if (element.type !== NUMBER && element.type !== DATE && element.type !== TIME) continue;
    const kind = element.type === NUMBER ? 'number' : element.type === DATE ? 'date' : 'time';
    const style = element.style;
    if (typeof style === 'string' && !NAMED_STYLES[element.type]!.includes(style))
      found.push(`${kind} style "${style}"`);
    else if (element.type !== NUMBER && typeof style !== 'string' && (style || element.type === DATE))
      found.push(`${kind} ${style ? 'skeleton' : 'without a style'} (drawn outside the games' time zone)`);
  }
  return found;
}
