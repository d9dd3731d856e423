import { accessorFor, scalarText } from '../../../core/valuePath';
import type { Layout } from '../../../core/sports/types';
import { elementName } from '../../../core/views/names';
import { legendOf, type ViewContext } from '../../../core/views/layout';
import { shownTexts } from '../../../core/views/shown';
import { PHASE_LANGUAGE, phasePartName, phaseTitle, type PhaseName } from '../../../core/phases';
import type { BracketRound, BracketSlot, BracketView } from '../../../core/views/types';
import type { MatchWithMore } from './more';

type Element = Record<string, unknown>;
const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Element[] => (Array.isArray(value) ? value.filter(isElement) : []);
const text = (element: Element, name: string): string | undefined => scalarText(element[name]);

/**
 * ODF phase codes of matches that decide a place outside the tree (the bronze medal match, placing
 * matches): they are drawn beside the bracket, not as one of its rounds.
 */
const OUTSIDE_TREE = /BRNZ|BRZ|BMD|PLC|CLAS|PLAC/;

/**
 * A placing match (bronze, 7th-8th) sits in the phase of the matches it follows (ODF: same
 * `BracketItems`, told apart by `Position`): its places are fed by the losers of previous units
 * (`PreviousUnit/@WLT="L"`), or its unit's phase is a placing phase.
 */
function isPlacingItem(item: Element): boolean {
  const unitPhase = (text(item, 'Unit') ?? '').slice(22, 26);
  if (unitPhase && OUTSIDE_TREE.test(unitPhase)) return true;
  const places = list(item.CompetitorPlace);
  const fed = places.flatMap((p) => list(p.PreviousUnit));
  return fed.length > 0 && fed.every((previous) => text(previous, 'WLT') === 'L');
}

function slotOf(place: Element | undefined, context: ViewContext): BracketSlot {
  if (!place) return { name: '', winner: false, vacant: 'TBD' };
  const competitor = list(place.Competitor)[0];
  const result = text(place, 'Result');
  const winner = text(place, 'WLT') === 'W';
  if (!competitor) {
    const bye = text(place, 'Code') === 'BYE' || text(place, 'Bye') === 'Y' || result === 'BYE';
    return { name: '', winner: false, vacant: bye ? 'BYE' : 'TBD' };
  }
  const name = elementName(competitor, context.locale, context.names);
  const organisation = text(competitor, 'Organisation');
  return {
    name: name?.text ?? text(competitor, 'Code') ?? '',
    winner,
    ...(organisation ? { organisation } : {}),
    ...(result ? { result } : {}),
  };
}

function matchOf(item: Element, index: number, context: ViewContext): MatchWithMore {
  const places = list(item.CompetitorPlace).sort((a, b) => Number(text(a, 'Pos') ?? 0) - Number(text(b, 'Pos') ?? 0));
  const unit = text(item, 'Unit');
  const order = Number(text(item, 'Order'));
  const more = context.more?.get(item);
  return {
    code: text(item, 'Code') ?? `#${index}`,
    order: Number.isFinite(order) ? order : index + 1,
    ...(unit ? { unit } : {}),
    slots: [slotOf(places[0], context), slotOf(places[1], context)],
    ...(more && more.length > 0 ? { more } : {}),
  };
}

/**
 * DT_BRACKETS as rounds of matches: every `BracketItems` is a round (its `Code` the phase), every
 * `BracketItem` a match of two places. Rounds outside the tree (bronze, placings) go to `extra`.
 * Never throws: a document without brackets gives no rounds.
 */
export function projectBracket(layout: Layout, document: unknown, context: ViewContext): BracketView {
  const rounds: BracketRound[] = [];
  const extra: BracketRound[] = [];
  const places: Element[] = [];
  for (const bracket of accessorFor('Competition.Bracket').all(document).filter(isElement)) {
    for (const items of list(bracket.BracketItems)) {
      const code = text(items, 'Code') ?? '';
      const all = list(items.BracketItem);
      for (const item of all) places.push(...list(item.CompetitorPlace));
      const placing = OUTSIDE_TREE.test(code);
      const inTree = placing ? [] : all.filter((item) => !isPlacingItem(item));
      const outside = placing ? all : all.filter((item) => isPlacingItem(item));
      // Titled by the phase's name in the page's language, never its code; a phase the names do not
      // know is the tree's "Round n", or a placing beside it.
      const roundOf = (chosen: Element[], phase: string, title: PhaseName): BracketRound | undefined => {
        const matches = chosen.map((item, i) => matchOf(item, i, context)).sort((a, b) => a.order - b.order);
        return matches.length > 0 ? { code: phase, label: title[PHASE_LANGUAGE[context.locale]], matches } : undefined;
      };
      const main = roundOf(inTree, code, phaseTitle(code, rounds.length + 1));
      // A placing match is named by its own unit's phase (BRNZ): the round it sits in (a bronze
      // bracket's "FNL-") would call it a final.
      const unitPhase = outside[0] ? text(outside[0], 'Unit')?.slice(22, 26) : undefined;
      const sidePhase = unitPhase && unitPhase.length === 4 ? unitPhase : code;
      const side = roundOf(outside, sidePhase, phasePartName(sidePhase) ?? phaseTitle('PLAC'));
      if (main) rounds.push(main);
      if (side) extra.push(side);
    }
  }
  // A place shows its competitor's name and organisation and its result (shownTexts of its slot).
  const shown = (i: number) => {
    const slot = slotOf(places[i], context);
    return shownTexts([slot.name, slot.organisation, slot.result, slot.vacant]);
  };
  return { kind: 'bracket', rounds, extra, legend: legendOf(places, layout.legendModule, context, shown) };
}

export default projectBracket;
