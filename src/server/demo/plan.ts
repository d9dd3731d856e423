import type { EventProgramme, PhaseKind, ProgrammeEvent } from '../../../schemas/events';
import { padRsc } from '../../core/rsc';
import type { DemoCompetitor, DemoEvent, DemoUnit, ResultStatus, ScheduleStatus } from './model';
import type { Random } from './random';

/** The demo's "now": the games are under way, so units are past, live and still to come. */
export const DEMO_NOW = Date.parse('2025-11-17T15:30:00+08:00');
export const GAMES_FIRST_DAY = 9;
export const GAMES_LAST_DAY = 21;

const KNOCKOUT: readonly PhaseKind[] = ['R32', 'R16', 'QFNL', 'SFNL', 'BRNZ', 'FNL'];
const ROUND_SIZE: Partial<Record<PhaseKind, number>> = { R32: 32, R16: 16, QFNL: 8, SFNL: 4, FNL: 2, BRNZ: 2 };
const GROUP_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

const PHASE_NAMES: Record<PhaseKind, [string, string]> = {
  QUAL: ['资格赛', 'Qualification'],
  HEAT: ['预赛', 'Heat'],
  GP: ['小组赛', 'Group'],
  R32: ['1/16决赛', 'Round of 32'],
  R16: ['1/8决赛', 'Round of 16'],
  QFNL: ['1/4决赛', 'Quarterfinal'],
  SFNL: ['半决赛', 'Semifinal'],
  BRNZ: ['铜牌赛', 'Bronze Medal Match'],
  FNL: ['决赛', 'Final'],
  RND: ['第{n}轮', 'Round {n}'],
};

export interface SportPlanInput {
  code: string;
  programme: EventProgramme;
  /** Knockout and group phases are head-to-head matches (the sport shows brackets). */
  matches: boolean;
  /** The sport's first day of competition (day of November 2025). */
  firstDay: number;
  /** Minutes after 09:00 at which the sport's sessions begin, so sports spread over the day. */
  firstMinute: number;
  entrants: (event: ProgrammeEvent, eventIndex: number) => DemoCompetitor[];
}

const phaseCode = (phase: PhaseKind, group?: string): string =>
  phase === 'GP' ? `GP${group ?? 'A'}-` : phase.length === 4 ? phase : phase.padEnd(4, '-');
const unitCode = (eventRsc: string, phase: PhaseKind, n: number, group?: string): string =>
  padRsc(`${eventRsc.slice(0, 22)}${phaseCode(phase, group)}${String(n * 100).padStart(6, '0')}`);

function isoAt(day: number, minutes: number): string {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `2025-11-${String(day).padStart(2, '0')}T${hh}:${mm}:00+08:00`;
}

/** A unit's statuses at the demo's "now" (also used for the non-competition entries). */
export function statusAt(start: string, end: string): { schedule: ScheduleStatus; result: ResultStatus } {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (DEMO_NOW < s) return { schedule: 'SCHEDULED', result: 'START_LIST' };
  if (DEMO_NOW < e) return { schedule: 'RUNNING', result: 'LIVE' };
  if (DEMO_NOW < e + 45 * 60_000) return { schedule: 'FINISHED', result: 'UNOFFICIAL' };
  return { schedule: 'FINISHED', result: 'OFFICIAL' };
}

const rank = (competitors: DemoCompetitor[], random: Random): DemoCompetitor[] =>
  competitors
    .map((c) => ({ c, p: c.ability + random.next() * 0.35 }))
    .sort((a, b) => a.p - b.p)
    .map(({ c }) => c);

/** Simulates every event of a sport: its units, who advances, results and medals. */
/** What the phases of one event share while they are planned, in order. */
interface EventPlan {
  readonly input: SportPlanInput;
  readonly random: Random;
  readonly event: DemoEvent;
  readonly eventIndex: number;
  /** Who goes on to the next phase, best first; empty while an earlier phase is still to come. */
  field: DemoCompetitor[];
  finishedMatches: number;
  order: number;
  /** Semifinal losers, who meet in the bronze medal match. */
  readonly knockoutLosers: DemoCompetitor[];
}

/** The phase being planned, and how one of its units is made (scheduled one after another). */
interface PhasePlan {
  readonly phase: PhaseKind;
  readonly phaseIndex: number;
  readonly next: PhaseKind | undefined;
  makeUnit(n: number, entrants: DemoCompetitor[], extra: Partial<DemoUnit>, suffix: [string, string]): DemoUnit;
}

/** Plans one kind of phase: its units, then who goes on (`plan.field`). */
type PhaseStrategy = (plan: EventPlan, phase: PhasePlan) => void;

export function planSport(input: SportPlanInput, random: Random): DemoEvent[] {
  return input.programme.events.map((spec, eventIndex) => {
    const entrants = input.entrants(spec, eventIndex);
    const event: DemoEvent = {
      rsc: padRsc(`${input.code}${spec.gender}${spec.id.padEnd(18, '-')}`),
      spec,
      entrants,
      units: [],
      ...(input.programme.speed ? { speed: input.programme.speed } : {}),
      ...(input.programme.scoring?.scorerStat ? { scorerStat: input.programme.scoring.scorerStat } : {}),
    };
    const plan: EventPlan = {
      input,
      random,
      event,
      eventIndex,
      field: [...entrants].sort((a, b) => a.ability - b.ability),
      finishedMatches: 0,
      order: 1,
      knockoutLosers: [],
    };
    spec.phases.forEach((phase, phaseIndex) => {
      // A phase whose competitors are not known yet (an earlier phase is still to come) lists TBD.
      const previous = event.units.filter((u) => u.phase === spec.phases[phaseIndex - 1]);
      if (phaseIndex > 0 && !allRanked(previous)) plan.field = [];
      strategyFor(phase, input.matches)(plan, phasePlan(plan, phase, phaseIndex));
    });
    awardMedals(event, input.matches);
    return event;
  });
}

const allRanked = (units: readonly DemoUnit[]) => units.every((u) => u.ranking.length > 0);

function strategyFor(phase: PhaseKind, matches: boolean): PhaseStrategy {
  if (matches && phase === 'GP') return planGroupStage;
  if (matches && phase === 'BRNZ') return planBronzeMatch;
  if (matches && KNOCKOUT.includes(phase)) return planKnockoutRound;
  if (phase === 'RND') return planRounds;
  return planMassPhase;
}

/** The phase's clock and unit maker: units follow each other from the sport's session start. */
function phasePlan(plan: EventPlan, phase: PhaseKind, phaseIndex: number): PhasePlan {
  const { input, event, random } = plan;
  const { spec, rsc } = event;
  const day = Math.min(GAMES_LAST_DAY, input.firstDay + phaseIndex);
  let minutes = 9 * 60 + ((input.firstMinute + plan.eventIndex * 95) % 600);
  const duration = plan.field.length > 500 ? 240 : input.matches ? 90 : 40;
  const next = spec.phases[phaseIndex + 1];
  const makeUnit: PhasePlan['makeUnit'] = (n, entrantsOfUnit, extra, suffix) => {
    const start = isoAt(day, minutes);
    const end = isoAt(day, minutes + duration);
    minutes = Math.min(minutes + duration + 10, 22 * 60);
    const status = statusAt(start, end);
    const unit: DemoUnit = {
      code: unitCode(rsc, phase, n, extra.group),
      phase,
      name: { zh_CN: `${spec.name.zh_CN} ${suffix[0]}`, en_US: `${spec.name.en_US} ${suffix[1]}` },
      start,
      end,
      order: plan.order++,
      medal: phase === 'FNL' || phase === 'BRNZ' || (phase === 'RND' && !next),
      scheduleStatus: status.schedule,
      entrants: entrantsOfUnit,
      ranking: [],
      match: false,
      ...extra,
    };
    if (entrantsOfUnit.length > 0) {
      unit.resultStatus = status.result;
      if (status.result !== 'START_LIST') unit.ranking = rank(entrantsOfUnit, random);
      // The third finished match of an event before its medal matches is a walkover (the examples
      // have one per match sport): its loser did not start, it has no score and no play-by-play.
      if (unit.match && !unit.medal && status.result === 'OFFICIAL' && ++plan.finishedMatches === 3) {
        unit.walkover = true;
      } else if (unit.match && unit.ranking.length === 2) {
        unit.scores = matchScores(input.programme.scoring, random);
      }
    }
    event.units.push(unit);
    return unit;
  };
  return { phase, phaseIndex, next, makeUnit };
}

/** Pools in which everyone meets everyone; the best of each pool go on, place by place. */
const planGroupStage: PhaseStrategy = (plan, { next, makeUnit }) => {
  const { field } = plan;
  const groups = field.length >= 24 ? 6 : field.length >= 12 ? 4 : field.length >= 8 ? 2 : 1;
  const standings: DemoCompetitor[][] = [];
  for (let g = 0; g < groups; g += 1) {
    const members = field.filter((_, i) => i % groups === g);
    const group = GROUP_LETTERS[g]!;
    let n = 1;
    for (let a = 0; a < members.length; a += 1) {
      for (let b = a + 1; b < members.length; b += 1) {
        makeUnit(n++, [members[a]!, members[b]!], { group, match: true }, [
          `${PHASE_NAMES.GP[0]} ${group}组`,
          `Group ${group}`,
        ]);
      }
    }
    standings.push(rank(members, plan.random));
  }
  const size = ROUND_SIZE[next ?? 'FNL'] ?? 8;
  plan.field = [];
  for (let place = 0; plan.field.length < size && place < 8; place += 1) {
    for (const s of standings) if (s[place] && plan.field.length < size) plan.field.push(s[place]!);
  }
};

/** The bronze medal match: the two semifinal losers. */
const planBronzeMatch: PhaseStrategy = (plan, { makeUnit }) => {
  const losers = plan.knockoutLosers.splice(-2);
  makeUnit(1, losers.length === 2 ? losers : [], { match: true }, PHASE_NAMES.BRNZ);
};

/** A knockout round: the best seed meets the worst; a seed without an opponent has a bye. */
const planKnockoutRound: PhaseStrategy = (plan, { phase, makeUnit }) => {
  const size = ROUND_SIZE[phase]!;
  const seeded = plan.field.slice(0, size);
  const winners: DemoCompetitor[] = [];
  for (let m = 0; m < size / 2; m += 1) {
    const pair = [seeded[m], seeded[size - 1 - m]].filter((c): c is DemoCompetitor => c !== undefined);
    const unit = makeUnit(m + 1, plan.field.length === 0 ? [] : pair, { match: true }, PHASE_NAMES[phase]);
    if (pair.length === 1) {
      unit.ranking = [...pair]; // a bye: the seed goes through
      winners.push(pair[0]!);
    } else if (unit.ranking.length === 2) {
      winners.push(unit.ranking[0]!);
      if (phase === 'SFNL') plan.knockoutLosers.push(unit.ranking[1]!);
    }
  }
  plan.field = winners.length === size / 2 ? winners : [];
};

/** Rounds whose results add up (golf, sailing): one a day, the last one decides the medals. */
const planRounds: PhaseStrategy = (plan, { phaseIndex, makeUnit }) => {
  const { event, input, random, field } = plan;
  const rounds = event.spec.rounds ?? 2;
  for (let round = 1; round <= rounds; round += 1) {
    const day = String(Math.min(GAMES_LAST_DAY, input.firstDay + phaseIndex + round - 1)).padStart(2, '0');
    const unit = makeUnit(round, field, {}, [
      PHASE_NAMES.RND[0].replace('{n}', String(round)),
      PHASE_NAMES.RND[1].replace('{n}', String(round)),
    ]);
    unit.start = unit.start.replace(/2025-11-\d\d/, `2025-11-${day}`);
    unit.end = unit.end.replace(/2025-11-\d\d/, `2025-11-${day}`);
    const status = statusAt(unit.start, unit.end);
    unit.scheduleStatus = status.schedule;
    if (unit.entrants.length > 0) {
      unit.resultStatus = status.result;
      unit.ranking = status.result === 'START_LIST' ? [] : rank(field, random);
    }
    unit.medal = round === event.spec.rounds;
  }
};

/** Mass phases: heats and semifinals of eight, a qualification or a final of the whole field. */
const planMassPhase: PhaseStrategy = (plan, { phase, next, makeUnit }) => {
  const { field } = plan;
  const perUnit = phase === 'HEAT' || phase === 'SFNL' ? 8 : Math.max(field.length, 1);
  const unitCount = field.length === 0 ? (phase === 'SFNL' ? 2 : 1) : Math.max(1, Math.ceil(field.length / perUnit));
  const units: DemoUnit[] = [];
  for (let u = 0; u < unitCount; u += 1) {
    const members = field.filter((_, i) => i % unitCount === u);
    const suffix: [string, string] =
      phase === 'HEAT' || phase === 'SFNL'
        ? [`${PHASE_NAMES[phase][0]} 第${u + 1}组`, `${PHASE_NAMES[phase][1]} ${u + 1}`]
        : PHASE_NAMES[phase];
    units.push(makeUnit(u + 1, members, {}, suffix));
  }
  const nextSize = next === 'SFNL' ? 16 : next === 'FNL' ? 8 : next && ROUND_SIZE[next] ? ROUND_SIZE[next]! : 8;
  plan.field = allRanked(units)
    ? rank(
        units.flatMap((u) => u.ranking),
        plan.random,
      ).slice(0, Math.min(nextSize, field.length))
    : [];
};

/** A match's scores, winner first: periods of the sport's size, the winner's total always higher. */
function matchScores(scoring: EventProgramme['scoring'], random: Random): { total: number; periods: number[] }[] {
  const periods = scoring?.periods ?? 4;
  const [min, max] = scoring?.perPeriod ?? [0, 9];
  const side = () => Array.from({ length: periods }, () => random.int(min!, max!));
  let [a, b] = [side(), side()];
  const sum = (p: number[]) => p.reduce((x, y) => x + y, 0);
  if (sum(a) < sum(b)) [a, b] = [b, a];
  if (sum(a) === sum(b)) a[a.length - 1]! += 1;
  return [
    { total: sum(a), periods: a },
    { total: sum(b), periods: b },
  ];
}

/** Medals of an event whose medal units are OFFICIAL. */
function awardMedals(event: DemoEvent, matches: boolean): void {
  const finals = event.units.filter((u) => u.medal);
  if (finals.length === 0 || finals.some((u) => u.resultStatus !== 'OFFICIAL' || u.ranking.length < 2)) return;
  const final = finals.find((u) => u.phase === 'FNL') ?? finals[finals.length - 1]!;
  const [gold, silver, third] = final.ranking;
  if (!gold || !silver) return;
  const bronzeMatch = finals.find((u) => u.phase === 'BRNZ');
  let bronze: DemoCompetitor[] = [];
  if (bronzeMatch?.ranking[0]) bronze = [bronzeMatch.ranking[0]];
  else if (matches) {
    bronze = event.units.filter((u) => u.phase === 'SFNL' && u.ranking.length === 2).map((u) => u.ranking[1]!);
  } else if (third) bronze = [third];
  event.medals = { gold, silver, bronze };
}
