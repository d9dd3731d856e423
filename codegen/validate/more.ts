import { join } from 'node:path';
import type { ResolvedSport } from '../../src/core/sports/types';
import { isElement, type Element } from '../../src/core/feedValues';
import { classifyValues, layoutsReading } from '../../src/web/more/coverage';
import { displayPath } from '../load';
import type { Problem } from '../problems';
import type { SportExample } from './examples';

/**
 * The editors' worklist (issue 25): every value of an example no layout of the plugin reads and no
 * mark hides is what a page shows under "More". sports:check reports each as a warning pointing into
 * the example, so an editor sees what the dictionary sends that the plugin does not draw yet.
 * Warnings never fail the check: the examples are written from the whole dictionary.
 */
export const MORE_WARNING = 'warning: not shown by any layout (shown under More)';

/**
 * Where each element sits in the message, as an XPath from the body (`/Competition/Result[2]`): an
 * index only where the parent holds more than one element of that name, 1-based as XPath counts.
 */
export function elementPointers(body: unknown): Map<Element, string> {
  const out = new Map<Element, string>();
  const visit = (element: Element, at: string) => {
    out.set(element, at);
    for (const [name, value] of Object.entries(element)) {
      if (!Array.isArray(value)) continue;
      const children = value.filter(isElement);
      children.forEach((child, i) => visit(child, `${at}/${name}${children.length > 1 ? `[${i + 1}]` : ''}`));
    }
  };
  if (isElement(body)) visit(body, '');
  return out;
}

/** The example values a page would show under "More": one warning each, `file: /xpath/@Attr: warning: ...: signature`. */
export function moreWarnings(sport: ResolvedSport, folder: string, examples: readonly SportExample[]): Problem[] {
  const warnings: Problem[] = [];
  for (const example of examples) {
    // Both kinds of page: a value any layout of the example's type reads is shown somewhere.
    const readers = [
      ...layoutsReading(sport.layouts.tabs, example.type),
      ...layoutsReading(sport.layouts.pages, example.type),
    ];
    if (readers.length === 0) continue;
    const values = classifyValues(readers, example.body, { sport, locale: 'en_US', eventCode: example.code });
    const pointers = elementPointers(example.body);
    const file = displayPath(join(folder, 'examples', example.file));
    for (const { value, status } of values) {
      if (status !== 'more') continue;
      warnings.push({
        file,
        pointer: `${pointers.get(value.owner) ?? ''}/@${value.attribute}`,
        message: `${MORE_WARNING}: ${value.signature}`,
      });
    }
  }
  return warnings;
}
