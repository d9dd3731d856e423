import type { ResolvedSport } from '../../core/sports/types';
import { isElement, type Element } from '../../core/feedValues';
import { classifyValues, layoutsReading, unitPageLayouts } from '../../web/more/coverage';

/** An example as sports:check reads it: its file (as shown), type, code and body. */
export interface ExampleMessage {
  readonly file: string;
  readonly type: string;
  readonly code: string;
  readonly body: unknown;
}

/** A warning line: `file: pointer: message`, as sports:check prints problems. */
export interface ExampleWarning {
  readonly file: string;
  readonly pointer: string;
  readonly message: string;
}

/**
 * The editors' worklist (issue 25): every value of an example no layout of the plugin reads and no
 * mark hides is what a page shows under "More". sports:check reports each as a warning pointing into
 * the example (it lives here, not in codegen: it runs the site's projections, which codegen must
 * not depend on), so an editor sees what the dictionary sends that the plugin does not draw yet.
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
export function moreWarnings(sport: ResolvedSport, examples: readonly ExampleMessage[]): ExampleWarning[] {
  const warnings: ExampleWarning[] = [];
  for (const example of examples) {
    // Both kinds of page: a value any layout of the example's type reads is shown somewhere.
    const readers = [
      ...layoutsReading(unitPageLayouts(sport.layouts), example.type),
      ...layoutsReading(sport.layouts.pages, example.type),
    ];
    if (readers.length === 0) continue;
    const values = classifyValues(readers, example.body, { sport, locale: 'en_US', eventCode: example.code });
    const pointers = elementPointers(example.body);
    const file = example.file;
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
