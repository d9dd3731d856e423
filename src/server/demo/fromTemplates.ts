import type { OdfElement } from '../odf/normalise';
import { diffTo, distanceOf, markAt, scaleMark } from './marks';
import type { DemoCompetitor, DemoUnit } from './model';
import { RESULT_CHILDREN, setChild } from './order';
import { officialOf } from './people';
import type { Random } from './random';
import { children, clone, Recaster, type Template } from './templates';

/** One row the demo writes from an example row: who, and what the unit's story says of them. */
export interface RowPlan {
  readonly competitor: DemoCompetitor;
  /** 1-based start order (lane, draw). */
  readonly startOrder: number;
  /** Takes the example's irregular (IRM) row. */
  readonly irm?: boolean;
  readonly qualified?: boolean;
  readonly record?: boolean;
  /** A match: this side's score, and whether it won. */
  readonly score?: number;
  readonly won?: boolean;
}

export interface RowsOptions {
  /** The unit has results; a start list keeps only who starts where. */
  readonly results: boolean;
  /** A final: no qualification marks. */
  readonly final: boolean;
  /** The sport races over distances (its programme gives a speed): marks scale with the distance. */
  readonly races?: boolean;
  /**
   * The mark a qualifier gets when this example has none (a final's example used for a heat): the
   * one another example of the message type gives (`qualificationMarkOf`). None: no marks written.
   */
  readonly qualification?: string;
}

/** The qualification mark the sport's examples of a message type give, if any does (a type whose dictionary has none: none). */
export function qualificationMarkOf(templates: readonly Template[], type: string): string | undefined {
  for (const template of templates) {
    if (template.type !== type) continue;
    const mark = firstOf(children(children(template.body, 'Competition')[0], 'Result'), 'QualificationMark');
    if (typeof mark === 'string') return mark;
  }
  return undefined;
}

/** Attributes and children of a result row that a start list does not have yet. */
const RESULT_ONLY = [
  'Rank',
  'RankEqual',
  'Result',
  'Diff',
  'IRM',
  'WLT',
  'QualificationMark',
  'RecordIndicators',
  'ExtendedResults',
];

const placeOf = (row: OdfElement) => Number(row.Rank ?? row.SortOrder ?? Number.MAX_SAFE_INTEGER);

function firstOf(rows: readonly OdfElement[], key: string): unknown {
  return rows.find((r) => r[key] !== undefined)?.[key];
}

/**
 * A `Competition.Result` document (a unit's results, a phase's or an event's standings) written in the
 * example's shape for the demo's rows: each row a copy of an example row (its irregular row for an
 * IRM), with the demo's competitor, place, mark in the example's form and in rank order, its
 * qualification mark (never in a final) and record. Values the demo has no story for (splits,
 * attempts, judges' scores) stay as the example wrote them.
 */
export function rowsDocument(
  template: Template,
  head: OdfElement,
  plan: readonly RowPlan[],
  options: RowsOptions,
): OdfElement {
  const competition = clone(children(template.body, 'Competition')[0] ?? {});
  const rows = children(competition, 'Result');
  delete competition.Result;
  const regular = rows.filter((r) => r.IRM === undefined).sort((a, b) => placeOf(a) - placeOf(b));
  const irregular = rows.filter((r) => r.IRM !== undefined);
  // A race of another distance than the example's takes its marks scaled to its own distance.
  const unitCode = typeof head.DocumentCode === 'string' ? head.DocumentCode : '';
  const [from, to] = [distanceOf(template.code), distanceOf(unitCode)];
  const ratio = options.races && from && to && from !== to ? to / from : 1;
  const marks = regular.map((r) => (typeof r.Result === 'string' ? scaleMark(r.Result, ratio) : ''));
  const qualification = firstOf(rows, 'QualificationMark') ?? options.qualification;
  const record = firstOf(rows, 'RecordIndicators');
  const withDiff = regular.some((r) => r.Diff !== undefined);
  const leaderDiff = typeof regular[0]?.Diff === 'string' ? regular[0].Diff : undefined;
  const recaster = new Recaster([]);
  let place = 0;
  competition.Result = plan.map((p, i) => {
    const base =
      (p.irm ? irregular[0] : undefined) ?? regular[i % Math.max(1, regular.length)] ?? rows[i % rows.length] ?? {};
    const row = clone(base);
    const competitor = children(base, 'Competitor')[0];
    if (competitor) row.Competitor = [recaster.competitor(competitor, p.competitor)];
    delete row.QualificationMark;
    delete row.RecordIndicators;
    delete row.RankEqual;
    if (row.StartOrder !== undefined) row.StartOrder = String(p.startOrder);
    if (row.StartSortOrder !== undefined) row.StartSortOrder = String(p.startOrder);
    if (row.SortOrder !== undefined) row.SortOrder = String(options.results ? i + 1 : p.startOrder);
    if (!options.results) {
      for (const key of RESULT_ONLY) delete row[key];
      return row;
    }
    if (row.IRM !== undefined) {
      delete row.Rank;
      return row;
    }
    place += 1;
    if (row.Rank !== undefined || base.Result !== undefined) row.Rank = String(place);
    const mark = p.score !== undefined ? String(p.score) : markAt(marks, place - 1);
    if (mark !== undefined) row.Result = mark;
    // Every row has its gap when the example's field has gaps, whichever example row it was cloned
    // from: behind the leader the difference, level with it what the example's leader shows (`0.00`).
    if (withDiff && p.score === undefined) {
      const diff = diffTo(marks[0], mark) ?? leaderDiff;
      if (diff === undefined) delete row.Diff;
      else row.Diff = diff;
    }
    if (p.won !== undefined && base.WLT !== undefined) row.WLT = p.won ? 'W' : 'L';
    // Only where an example of the type has a qualification mark: a type whose dictionary has none sends none.
    if (p.qualified && !options.final && typeof qualification === 'string') row.QualificationMark = qualification;
    if (p.record && Array.isArray(record)) {
      setChild(row, 'RecordIndicators', clone(record as OdfElement[]), RESULT_CHILDREN);
      // The record is this event's (its code the event's RSC), not the example's.
      for (const indicator of children(children(row, 'RecordIndicators')[0], 'RecordIndicator')) {
        if (typeof indicator.Code === 'string' && indicator.Code.length >= 22 && unitCode)
          indicator.Code = `${unitCode.slice(0, 22)}${'-'.repeat(12)}`;
      }
    }
    return row;
  });
  recaster.rewriteCodes(competition);
  const discipline = typeof head.DocumentCode === 'string' ? head.DocumentCode.slice(0, 3) : '';
  children(children(competition, 'Officials')[0], 'Official').forEach((official, i) =>
    recastOfficial(official, discipline, Number(official.Order) || i + 1),
  );
  return { ...head, Competition: [competition] };
}

/**
 * An example's official made the discipline's own (see `officialOf`): its code, and its names
 * wherever the element carries them (on itself in DT_PARTIC, on its `Description` in a unit).
 */
export function recastOfficial(official: OdfElement, discipline: string, ordinal: number): OdfElement {
  const { code, name, gender } = officialOf(discipline, ordinal);
  const upper = name.family.toUpperCase();
  official.Code = code;
  if (official.Parent !== undefined) official.Parent = code;
  for (const holder of [official, ...children(official, 'Description')]) {
    if (holder.GivenName === undefined && holder.FamilyName === undefined) continue;
    holder.GivenName = name.given;
    holder.FamilyName = name.family;
    if (holder.Gender !== undefined) holder.Gender = gender;
    if (holder.PrintName !== undefined) holder.PrintName = `${upper} ${name.given}`;
    if (holder.PrintInitialName !== undefined) holder.PrintInitialName = `${upper} ${name.given.slice(0, 1)}`;
    if (holder.TVName !== undefined) holder.TVName = `${name.given} ${upper}`;
    if (holder.TVInitialName !== undefined) holder.TVInitialName = `${name.given.slice(0, 1)} ${upper}`;
    if (holder.TVFamilyName !== undefined) holder.TVFamilyName = upper;
    // DT_PARTIC alone carries names in the local language.
    if (holder.PrintName !== undefined) {
      holder.LocalFamilyName = name.familyChi;
      holder.LocalGivenName = name.givenChi;
    }
  }
  return official;
}

/**
 * The unit-level period scores of a match (`Competition/Periods`, as the team sports' dictionaries
 * write them) from the demo's scores: home and away cumulative and per period, the example's period
 * codes in turn. Left as it is when the example has none.
 */
export function writePeriods(body: OdfElement, unit: DemoUnit): void {
  const competition = children(body, 'Competition')[0];
  const periods = children(competition, 'Periods')[0];
  if (!competition || !periods || !unit.scores || unit.entrants.length < 2) return;
  const [home, away] = unit.entrants as [DemoCompetitor, DemoCompetitor];
  const scoreOf = (c: DemoCompetitor) => unit.scores?.[unit.ranking.indexOf(c)];
  const homeScore = scoreOf(home);
  const awayScore = scoreOf(away);
  if (!homeScore || !awayScore) {
    delete competition.Periods;
    return;
  }
  const examples = children(periods, 'Period');
  const full = examples.filter((p) => p.HomePeriodScore !== undefined);
  // Periods that carry no scores of their own (boxing's rounds hold judges' cards): the example's,
  // for the demo's two sides.
  if (full.length === 0 && examples.every((p) => p.HomeScore === undefined)) {
    competition.Periods = [{ ...clone(periods), Home: home.code, Away: away.code }];
    return;
  }
  const codes = (full.length > 0 ? full : examples).map((p) => String(p.Code ?? ''));
  let homeTotal = 0;
  let awayTotal = 0;
  const count = Math.max(homeScore.periods.length, awayScore.periods.length);
  const written: OdfElement[] = [];
  for (let k = 0; k < count; k += 1) {
    const h = homeScore.periods[k] ?? 0;
    const a = awayScore.periods[k] ?? 0;
    homeTotal += h;
    awayTotal += a;
    written.push({
      Code: codes[k] ?? `P${k + 1}`,
      HomeScore: String(homeTotal),
      AwayScore: String(awayTotal),
      HomePeriodScore: String(h),
      AwayPeriodScore: String(a),
    });
  }
  competition.Periods = [{ ...clone(periods), Home: home.code, Away: away.code, Period: written }];
}

/** A whole example (statistics, play-by-play, records) with its competitors replaced by the demo's in turn. */
export function recastDocument(
  template: Template,
  head: OdfElement,
  competitors: readonly DemoCompetitor[],
): OdfElement {
  const competition = clone(children(template.body, 'Competition')[0] ?? {});
  const recaster = new Recaster(competitors);
  recaster.recastAll(competition);
  recaster.rewriteCodes(competition);
  return { ...head, Competition: [competition] };
}

/**
 * A team's scorers in a match: `score` shared among its players who have statistics, written in
 * the example's shape of the statistic `stat` (football's GF), so the players' scores add up to the
 * team's; the team's own total of it is the score too. Later players (the example lists forwards
 * last) score more often. Left as it is when the example has no such statistic.
 */
export function shareScores(row: OdfElement, stat: string, score: number, random: Random): void {
  const competitor = children(row, 'Competitor')[0];
  for (const total of children(children(competitor, 'StatsItems')[0], 'StatsItem')) {
    if (total.Code === stat) total.Value = String(score);
  }
  let shape: OdfElement | undefined;
  const players: OdfElement[] = [];
  for (const athlete of children(children(competitor, 'Composition')[0], 'Athlete')) {
    const items = children(athlete, 'StatsItems')[0];
    if (!items) continue;
    const list = children(items, 'StatsItem');
    shape ??= list.find((item) => item.Code === stat);
    items.StatsItem = list.filter((item) => item.Code !== stat);
    players.push(athlete);
  }
  if (!shape || players.length === 0) return;
  const goals = new Map<OdfElement, number>();
  for (let goal = 0; goal < score; goal += 1) {
    const scorer = players[Math.min(players.length - 1, Math.floor(players.length * Math.sqrt(random.next())))]!;
    goals.set(scorer, (goals.get(scorer) ?? 0) + 1);
  }
  for (const [scorer, count] of goals) {
    const items = children(scorer, 'StatsItems')[0]!;
    items.StatsItem = [...children(items, 'StatsItem'), { ...clone(shape), Value: String(count) }];
  }
}

/**
 * A play-by-play written like the example ends at the demo's score: each side's running score
 * (`ScoreH`, `ScoreA`) scaled from the example's to the match's final score (and the leads, when the
 * example gives them, recomputed), so the actions agree with the unit's result.
 */
export function alignActionScores(body: OdfElement, home: number, away: number): void {
  const actions = children(children(children(body, 'Competition')[0], 'Actions')[0], 'Action');
  const scored = actions.filter((a) => a.ScoreH !== undefined && a.ScoreA !== undefined);
  const last = scored[scored.length - 1];
  if (!last) return;
  const finalH = Number(last.ScoreH) || 0;
  const finalA = Number(last.ScoreA) || 0;
  const scale = (value: unknown, from: number, to: number) =>
    from > 0 ? Math.round(((Number(value) || 0) * to) / from) : 0;
  for (const action of scored) {
    const h = action === last ? home : scale(action.ScoreH, finalH, home);
    const a = action === last ? away : scale(action.ScoreA, finalA, away);
    action.ScoreH = String(h);
    action.ScoreA = String(a);
    if (action.LeadH !== undefined) action.LeadH = String(h - a);
    if (action.LeadA !== undefined) action.LeadA = String(a - h);
  }
}
