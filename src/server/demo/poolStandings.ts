import type { ResolvedSport } from '../../core/sports/types';
import { padRsc } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { DELEGATIONS } from '../reference/delegations';
import { envelope, fillLayouts } from './documents';
import { layoutsFor, type RowContext } from './fill';
import type { DemoCompetitor, DemoEvent, DemoUnit } from './model';
import type { Random } from './random';
import { rowsDocument } from './fromTemplates';
import { children, clone, templateOf, type Template } from './templates';

/** Pool standings of one group, computed from its matches' results (3 points a win, 1 a tie). */
export function poolStandingDocument(
  sport: ResolvedSport,
  event: DemoEvent,
  group: string,
  units: DemoUnit[],
  random: Random,
  templates: readonly Template[] = [],
): OdfElement {
  const table = new Map<DemoCompetitor, StandingLine & { opponents: OdfElement[] }>();
  const line = (c: DemoCompetitor) => {
    let l = table.get(c);
    if (!l) table.set(c, (l = { played: 0, won: 0, tied: 0, lost: 0, for: 0, against: 0, opponents: [] }));
    return l;
  };
  for (const unit of units) {
    for (const c of unit.entrants) line(c);
    if (unit.ranking.length !== 2 || unit.resultStatus !== 'OFFICIAL') continue;
    const [winner, loser] = unit.ranking as [DemoCompetitor, DemoCompetitor];
    const scoreW = unit.scores?.[0]?.total ?? 1;
    const scoreL = unit.scores?.[1]?.total ?? 0;
    const w = line(winner);
    const l = line(loser);
    w.played += 1;
    l.played += 1;
    w.won += 1;
    l.lost += 1;
    w.for += scoreW;
    w.against += scoreL;
    l.for += scoreL;
    l.against += scoreW;
    w.opponents.push({ Code: loser.code, Result: `${scoreW}-${scoreL}`, Unit: unit.code, WLT: 'W' });
    l.opponents.push({ Code: winner.code, Result: `${scoreL}-${scoreW}`, Unit: unit.code, WLT: 'L' });
  }
  const ordered = [...table].sort(
    ([, a], [, b]) => b.won * 3 + b.tied - (a.won * 3 + a.tied) || b.for - b.against - (a.for - a.against),
  );
  const code = padRsc(`${event.rsc.slice(0, 22)}GP${group}-`);
  const body = envelope('DT_POOL_STANDING', code, 1, {
    ResultStatus: units.every((u) => u.resultStatus === 'OFFICIAL') ? 'OFFICIAL' : 'INTERMEDIATE',
  });
  const template = templateOf(templates, 'DT_POOL_STANDING');
  if (template) {
    // The example's shape; the counts the demo's matches give written where the example has them.
    const standing = rowsDocument(
      template,
      body,
      ordered.map(([competitor], index) => ({ competitor, startOrder: index + 1, qualified: index < 2 })),
      { results: true, final: false },
    );
    const rows = ((standing.Competition as OdfElement[])[0]!.Result as OdfElement[] | undefined) ?? [];
    ordered.forEach(([, l], index) => {
      const row = rows[index];
      if (!row) return;
      // Signed where the example signs it (football's dictionary: `+#0`).
      const counts = standingCounts(l, String(row.Diff).startsWith('+'));
      for (const [name, value] of Object.entries(counts)) if (row[name] !== undefined) row[name] = value;
      const competitor = children(row, 'Competitor')[0];
      const shape = children(competitor, 'Opponent')[0];
      if (competitor && shape) competitor.Opponent = opponentsOf(ordered, index, units, shape);
    });
    return standing;
  }
  const rows = ordered.map(([competitor], index) => ({
    competitor,
    context: { index, count: ordered.length, results: true, qualified: index < 2 } as RowContext,
  }));
  fillLayouts(body, layoutsFor(sport, 'DT_POOL_STANDING'), rows, random, 60);
  const results = ((body.Competition as OdfElement[])[0]!.Result as OdfElement[]) ?? [];
  ordered.forEach(([, l], index) => {
    const row = results[index]!;
    Object.assign(row, { Rank: String(index + 1), ...standingCounts(l, false), Opponent: l.opponents });
    if (index < 2) row.QualificationMark = 'Q';
    else delete row.QualificationMark;
  });
  return body;
}

interface StandingLine {
  played: number;
  won: number;
  tied: number;
  lost: number;
  for: number;
  against: number;
}

/** A team's line of the table as ODF writes it: the counts, the difference and the table points. */
function standingCounts(l: StandingLine, signed: boolean): Record<string, string> {
  const diff = l.for - l.against;
  return {
    Played: String(l.played),
    Won: String(l.won),
    Tied: String(l.tied),
    Lost: String(l.lost),
    For: String(l.for),
    Against: String(l.against),
    Diff: signed && diff > 0 ? `+${diff}` : String(diff),
    // Table points: three for a win, one for a tie.
    Result: String(l.won * 3 + l.tied),
  };
}

/**
 * A pool row's `Opponent`s, one per other team of the group as the dictionaries list them (`Pos` its
 * place in the table), in the example opponent's shape; `Result` from this row's side once played.
 */
function opponentsOf(
  ordered: readonly (readonly [DemoCompetitor, unknown])[],
  index: number,
  units: readonly DemoUnit[],
  shape: OdfElement,
): OdfElement[] {
  const self = ordered[index]![0];
  return ordered.flatMap(([other], pos) => {
    if (pos === index) return [];
    const unit = units.find((u) => u.entrants.includes(self) && u.entrants.includes(other));
    const opponent: OdfElement = {
      ...clone(shape),
      Code: other.code,
      Pos: String(pos + 1),
      Organisation: other.organisation,
    };
    delete opponent.Result;
    if (unit) {
      if (shape.Unit !== undefined) opponent.Unit = unit.code;
      if (shape.Date !== undefined) opponent.Date = unit.start.slice(0, 10);
      if (shape.Time !== undefined) opponent.Time = unit.start.slice(11, 16);
      const scores = unit.resultStatus === 'OFFICIAL' && unit.ranking.length === 2 ? unit.scores : undefined;
      if (scores?.[0] && scores[1]) {
        const mine = unit.ranking[0] === self ? scores[0].total : scores[1].total;
        const theirs = unit.ranking[0] === self ? scores[1].total : scores[0].total;
        opponent.Result = `${mine}-${theirs}`;
      }
    }
    const names = DELEGATIONS.find(([c]) => c === other.organisation);
    const description = children(opponent, 'Description')[0];
    if (description?.TeamName !== undefined) description.TeamName = names?.[2] ?? other.organisation;
    return [opponent];
  });
}
