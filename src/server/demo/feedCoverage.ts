import type { ResolvedSport } from '../../core/sports/types';
import { classifyValues, layoutsReading, unitPageLayouts } from '../../web/more/coverage';

/**
 * How much of a feed a plugin shows (issue 25): every value of the documents its layouts read,
 * counted as read by a layout, hidden on purpose (a mark with its reason) or left for "More".
 * A document type no layout reads is no page's, so it is not counted.
 */
export interface FeedTally {
  read: number;
  hidden: number;
  more: number;
  /** Values under "More" by `<type>: <signature>`, with how many the documents hold. */
  readonly moreSignatures: Map<string, number>;
}

export const emptyTally = (): FeedTally => ({ read: 0, hidden: 0, more: 0, moreSignatures: new Map() });

/**
 * Adds one document's values to a tally. The layouts of both kinds of page that read its type are
 * run together, as sports:check runs them on the examples: a value one of them reads is shown.
 */
export function tallyDocument(tally: FeedTally, sport: ResolvedSport, type: string, code: string, body: unknown): void {
  const readers = [
    ...layoutsReading(unitPageLayouts(sport.layouts), type),
    ...layoutsReading(sport.layouts.pages, type),
  ];
  if (readers.length === 0) return;
  for (const { value, status } of classifyValues(readers, body, { sport, locale: 'en_US', eventCode: code })) {
    tally[status] += 1;
    if (status !== 'more') continue;
    const key = `${type}: ${value.signature}`;
    tally.moreSignatures.set(key, (tally.moreSignatures.get(key) ?? 0) + 1);
  }
}

/** One line of counts, then one line per "More" signature (most frequent first). */
export function formatTally(name: string, tally: FeedTally): string[] {
  const head = `  ${name}: read ${tally.read}, hidden ${tally.hidden}, More ${tally.more}`;
  const lines = [...tally.moreSignatures]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([signature, n]) => `    More ${n}x ${signature}`);
  return [head, ...lines];
}
