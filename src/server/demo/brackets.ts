import { eventOf } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { envelope } from './documents';
import { competitorElement } from './elements';
import type { DemoEvent, DemoUnit } from './model';
import { children, templateOf, type Template } from './templates';

/**
 * The bracket of an event's knockout: a round per phase, a match per unit, two places each. Where
 * the sport's example puts its placing match in a bracket of its own (the dictionaries' `Bracket
 * Code="BRN"`, places fed by the semifinals' losers through `PreviousUnit/@WLT="L"`), the demo's
 * bronze matches go there the same way; otherwise they stay a round of the one bracket.
 */
export function bracketsDocument(event: DemoEvent, templates: readonly Template[] = []): OdfElement | undefined {
  const knockout = event.units.filter((u) => u.match && u.phase !== 'GP');
  if (knockout.length === 0) return undefined;
  const placingShape = placingBracketOf(templateOf(templates, 'DT_BRACKETS'));
  const rounds = [...new Set(knockout.map((u) => u.phase))];
  const treeRounds = placingShape ? rounds.filter((phase) => phase !== 'BRNZ') : rounds;
  const semifinals = knockout.filter((u) => u.phase === treeRounds[treeRounds.indexOf('FNL') - 1]);
  const item = (unit: DemoUnit, i: number, fedBy?: readonly DemoUnit[]): OdfElement => ({
    Code: String(i + 1),
    Order: String(i + 1),
    Position: String(i + 1),
    Unit: unit.code,
    CompetitorPlace: [0, 1].map((pos) => {
      const competitor = unit.entrants[pos];
      const place: OdfElement = { Pos: String(pos + 1) };
      const previous = fedBy?.[pos];
      if (previous) place.PreviousUnit = [{ Unit: previous.code, Value: String(pos + 1), WLT: 'L' }];
      // ODF DT_BRACKETS: an empty place says BYE or TBD in its Code.
      if (!competitor) {
        place.Code = unit.entrants.length === 1 ? 'BYE' : 'TBD';
        return place;
      }
      place.Competitor = [competitorElement(competitor)];
      if (unit.ranking.length === 2) {
        const won = unit.ranking[0] === competitor;
        place.WLT = won ? 'W' : 'L';
        place.Result = String(unit.scores?.[won ? 0 : 1]?.total ?? (won ? 1 : 0));
      } else if (unit.entrants.length === 1) {
        place.WLT = 'W';
      }
      return place;
    }),
  });
  const brackets: OdfElement[] = [
    {
      Code: 'FNL',
      BracketItems: treeRounds.map((phase) => ({
        Code: phase,
        BracketItem: knockout.filter((u) => u.phase === phase).map((unit, i) => item(unit, i)),
      })),
    },
  ];
  const placing = knockout.filter((u) => u.phase === 'BRNZ');
  if (placingShape && placing.length > 0) {
    brackets.push({
      Code: placingShape.bracket,
      BracketItems: [{ Code: placingShape.items, BracketItem: placing.map((unit, i) => item(unit, i, semifinals)) }],
    });
  }
  const body = envelope('DT_BRACKETS', eventOf(event.rsc), 1);
  body.Competition = [{ Bracket: brackets }];
  return body;
}

/** The codes of an example's bracket of placing matches (one whose places losers feed), if it has one. */
function placingBracketOf(template: Template | undefined): { bracket: string; items: string } | undefined {
  for (const bracket of children(children(template?.body, 'Competition')[0], 'Bracket')) {
    for (const items of children(bracket, 'BracketItems')) {
      const fedByLosers = children(items, 'BracketItem').some((i) =>
        children(i, 'CompetitorPlace').some((p) => children(p, 'PreviousUnit').some((u) => u.WLT === 'L')),
      );
      if (fedByLosers) return { bracket: String(bracket.Code ?? 'BRN'), items: String(items.Code ?? 'FNL-') };
    }
  }
  return undefined;
}
