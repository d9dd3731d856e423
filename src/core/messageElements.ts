import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * Element kinds of a precompiled ICU message (`TYPE` of @formatjs/icu-messageformat-parser, whose
 * values are fixed by its AST format), and the part of ICU the site's formatter draws (`intl.tsx`).
 */
export const ELEMENT = { literal: 0, argument: 1, number: 2, select: 5, plural: 6, pound: 7, tag: 8 } as const;

/** Date and time arguments: the site formats dates itself (games time), never inside a message. */
export const UNSUPPORTED_ELEMENTS: Readonly<Record<number, string>> = { 3: 'date argument', 4: 'time argument' };

/** What a message uses that the formatter does not draw, searched through options and tags. */
export function unsupportedElements(elements: readonly MessageFormatElement[]): string[] {
  const found: string[] = [];
  for (const element of elements) {
    const unsupported = UNSUPPORTED_ELEMENTS[element.type];
    if (unsupported) found.push(unsupported);
    if (element.type === ELEMENT.select || element.type === ELEMENT.plural)
      for (const option of Object.values(element.options)) found.push(...unsupportedElements(option.value));
    if (element.type === ELEMENT.tag) found.push(...unsupportedElements(element.children));
    if (element.type === ELEMENT.number && element.style)
      found.push(`number style "${typeof element.style === 'string' ? element.style : 'skeleton'}"`);
  }
  return found;
}
