import { compileLegend, type LegendMatcher } from '../legend/match';
import type { ResolvedSport } from '../sports/types';

// A sport's legend is compiled once per loaded plugin, not once per view.
const matchers = new WeakMap<ResolvedSport, LegendMatcher>();

export function legendMatcherOf(sport: ResolvedSport): LegendMatcher {
  let matcher = matchers.get(sport);
  if (!matcher) {
    matcher = compileLegend(sport.legend);
    matchers.set(sport, matcher);
  }
  return matcher;
}
