import { isElement, type Element } from '../../../core/feedValues';
import { accessorFor, scalarText } from '../../../core/valuePath';
import type { Layout } from '../../../core/sports/types';
import { elementName } from '../../../core/views/names';
import { legendOf, type ViewContext } from '../../../core/views/layout';
import { shownTexts } from '../../../core/views/shown';
import { PHASE_LANGUAGE, phasePartName, phaseTitle, type PhaseName } from '../../../core/phases';
import type { BracketRound, BracketView } from '../../../core/views/types';
import {
  clockTime,
  unitName,
  type MatchWithInfo,
  type PlaceMember,
  type PlaceSource,
  type SlotWithInfo,
} from './match';

const list = (value: unknown): Element[] => (Array.isArray(value) ? value.filter(isElement) : []);
const text = (element: Element, name: string): string | undefined => scalarText(element[name]);

/**
 * ODF phase codes of matches that decide a place outside the tree (the bronze medal match, placing
 * matches): they are drawn beside the bracket, not as one of its rounds.
 */
const OUTSIDE_TREE = /BRNZ|BRZ|BMD|PLC|CLAS|PLAC/;
/** `Bracket/@Code` of a bracket that decides a place outside the tree (`BRN`: the bronze bracket). */
const PLACING_BRACKET = /^(BRN|BRZ|BMD|PLC|CLAS|PLAC)/;

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

/** Where a place comes from: its previous units, the winner or loser of each, or its rank there. */
function sourcesOf(place: Element, context: ViewContext): PlaceSource[] {
  return list(place.PreviousUnit).flatMap((previous) => {
    const unit = text(previous, 'Unit');
    if (!unit) return [];
    const wlt = text(previous, 'WLT');
    const rank = text(previous, 'Value');
    const name = unitName(unit, context.locale);
    return [{ unit, ...(wlt ? { wlt } : {}), ...(rank ? { rank } : {}), ...(name ? { name } : {}) }];
  });
}

/** A team's members by name and bib; none for an individual (its one athlete is the competitor). */
function membersOf(athletes: readonly Element[], context: ViewContext): PlaceMember[] {
  if (athletes.length < 2) return [];
  return athletes.map((athlete) => {
    const bib = text(athlete, 'Bib');
    return {
      name: elementName(athlete, context.locale, context.names)?.text ?? '',
      ...(bib ? { bib } : {}),
    };
  });
}

function slotOf(place: Element | undefined, context: ViewContext): SlotWithInfo {
  if (!place) return { name: '', winner: false, vacant: 'TBD' };
  const competitor = list(place.Competitor)[0];
  const result = text(place, 'Result');
  const winner = text(place, 'WLT') === 'W';
  const sources = sourcesOf(place, context);
  const from = sources.length > 0 ? { from: sources } : {};
  if (!competitor) {
    const bye = text(place, 'Code') === 'BYE' || text(place, 'Bye') === 'Y' || result === 'BYE';
    return { name: '', winner: false, vacant: bye ? 'BYE' : 'TBD', ...from };
  }
  const name = elementName(competitor, context.locale, context.names);
  const organisation = text(competitor, 'Organisation');
  // An individual's bib is its competitor's, else its one athlete's (the same number in ODF).
  const athletes = list(competitor.Composition).flatMap((composition) => list(composition.Athlete));
  const own = athletes.length === 1 ? text(athletes[0]!, 'Bib') : undefined;
  const bib = text(competitor, 'Bib') ?? own;
  const members = membersOf(athletes, context);
  return {
    name: name?.text ?? text(competitor, 'Code') ?? '',
    winner,
    ...(organisation ? { organisation } : {}),
    ...(result ? { result } : {}),
    ...(bib ? { bib } : {}),
    ...from,
    ...(members.length > 0 ? { members } : {}),
  };
}

function matchOf(item: Element, index: number, context: ViewContext): MatchWithInfo {
  const places = list(item.CompetitorPlace).sort((a, b) => Number(text(a, 'Pos') ?? 0) - Number(text(b, 'Pos') ?? 0));
  const unit = text(item, 'Unit');
  // Drawn top to bottom by its place in the round (ODF `Position`), else by the feed's order.
  const position = Number(text(item, 'Position') ?? NaN);
  const order = Number.isFinite(position) ? position : Number(text(item, 'Order'));
  const more = context.more?.get(item);
  // When and what score: the match's own date, time and result (each place's score is its slot's).
  const date = text(item, 'Date');
  const time = clockTime(text(item, 'Time'));
  const result = text(item, 'Result');
  return {
    code: text(item, 'Code') ?? `#${index}`,
    order: Number.isFinite(order) ? order : index + 1,
    ...(unit ? { unit } : {}),
    ...(date ? { date } : {}),
    ...(time ? { time } : {}),
    ...(result ? { result } : {}),
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
    const bracketCode = text(bracket, 'Code') ?? '';
    for (const items of list(bracket.BracketItems)) {
      const code = text(items, 'Code') ?? '';
      const all = list(items.BracketItem);
      for (const item of all) places.push(...list(item.CompetitorPlace));
      // A bracket of its own for a placing (the dictionaries' bronze bracket `Code="BRN"`) is beside
      // the tree whatever its rounds are coded; the main bracket's (`FNL`) are the tree's rounds.
      const placing = OUTSIDE_TREE.test(code) || PLACING_BRACKET.test(bracketCode);
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
      const sidePhase =
        unitPhase && unitPhase.length === 4 ? unitPhase : PLACING_BRACKET.test(bracketCode) ? bracketCode : code;
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
