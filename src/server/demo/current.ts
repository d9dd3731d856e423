import type { ResolvedSport } from '../../core/sports/types';
import type { OdfElement } from '../odf/normalise';
import { envelope } from './documents';
import { recastDocument } from './fromTemplates';
import type { DemoUnit } from './model';
import { children, templateOf, type Template } from './templates';

/**
 * The live state of a match being played (DT_CURRENT), for a sport whose scoreboard reads one: the
 * sport's example recast to the match's two sides, each side's `Result` its score so far. The clock
 * and period stay as the example (from the sport's dictionary) writes them. None for a unit that is
 * not live, not a two-sided match, or a sport without the example.
 */
export function currentDocument(
  sport: ResolvedSport,
  unit: DemoUnit,
  examples: readonly Template[],
): OdfElement | undefined {
  if (sport.layouts.scoreboard?.live?.document !== 'DT_CURRENT') return undefined;
  if (unit.resultStatus !== 'LIVE' || !unit.match || unit.ranking.length !== 2 || unit.walkover) return undefined;
  const template = templateOf(examples, 'DT_CURRENT');
  if (!template) return undefined;
  const body = recastDocument(template, envelope('DT_CURRENT', unit.code, 1), unit.entrants);
  for (const row of children(children(body, 'Competition')[0], 'Result')) {
    const code = children(row, 'Competitor')[0]?.Code;
    const side = unit.ranking.findIndex((c) => c.code === code);
    const total = side >= 0 ? unit.scores?.[side]?.total : undefined;
    if (total !== undefined) row.Result = String(total);
  }
  return body;
}
