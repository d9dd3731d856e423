import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventProgramme } from '../../../schemas/events';
import type { ResolvedSport } from '../../core/sports/types';
import { disciplineOf, eventOf, phaseOf, padRsc } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { envelope, withVersions, rankingDocument, resultDocument, fillLayouts, baseMark } from './documents';
import { bracketsDocument } from './brackets';
import { poolStandingDocument } from './poolStandings';
import { competitorElement } from './elements';
import { EntrantFactory } from './entrants';
import { layoutsFor } from './fill';
import type { DemoCompetitor, DemoEvent, DemoUnit } from './model';
import { GAMES_FIRST_DAY, planSport } from './plan';
import { Random } from './random';
import { ceremoniesDocument } from './ceremonies';
import { currentDocument } from './current';
import { medallistsDocument, participantsDocuments } from './participants';
import { scheduleDocument } from './schedule';
import { odfMessage } from './xml';
import { alignActionScores, recastDocument } from './fromTemplates';
import { children, loadTemplates, templateOf, type Template } from './templates';
import { ROOT_DIR } from '../cli/paths';

/** The seed of the demo games: the same games on every run. */
export const DEMO_SEED = 15;

export interface DemoMessage {
  /** A file name in the feed's own convention: document code, type and version. */
  readonly name: string;
  readonly xml: string;
}

export function readProgramme(sportsDir: string, code: string): EventProgramme {
  return JSON.parse(readFileSync(join(sportsDir, code, 'events.json'), 'utf8')) as EventProgramme;
}

const messageName = (body: OdfElement, sequence: number) =>
  `${String(sequence).padStart(6, '0')}-${String(body.DocumentCode)}-${String(body.DocumentType)}-${String(body.Version).padStart(3, '0')}.xml`;

const hasLayout = (sport: ResolvedSport, document: string) => layoutsFor(sport, document).length > 0;

/** Who advances from each unit (for qualification marks): those who appear in a later phase. */
function qualifiersOf(event: DemoEvent): Set<DemoCompetitor> {
  const set = new Set<DemoCompetitor>();
  const phases = [...new Set(event.units.map((u) => u.phase))];
  for (let i = 1; i < phases.length; i += 1) {
    for (const unit of event.units.filter((u) => u.phase === phases[i])) for (const c of unit.entrants) set.add(c);
  }
  return set;
}

/** Generates the demo games: every message, in the order a feed would send them. */
export function generateDemoGames(
  sports: readonly ResolvedSport[],
  programmes: ReadonlyMap<string, EventProgramme>,
  seed = DEMO_SEED,
  /** Each sport's examples, the templates of its documents (read from sports/ when not given). */
  templates: ReadonlyMap<string, readonly Template[]> = new Map(
    sports.map((s) => [s.code, loadTemplates(join(ROOT_DIR, 'sports'), s.code)]),
  ),
  /** Called after each message: the first start shows the generation's progress with it. */
  onMessage?: () => void,
): DemoMessage[] {
  const messages: DemoMessage[] = [];
  const emit = (body: OdfElement) => {
    messages.push({ name: messageName(body, messages.length + 1), xml: odfMessage(withVersions(body)) });
    onMessage?.();
  };
  const root = new Random(seed);
  sports.forEach((sport, sportIndex) => {
    const programme = programmes.get(sport.code);
    if (!programme) return;
    const random = root.fork(sport.code);
    const factory = new EntrantFactory(sportIndex + 1, random.fork('entrants'));
    const matches = 'brackets' in sport.pages || sport.unitTabs.includes('bracket');
    const events = planSport(
      {
        code: sport.code,
        programme,
        matches,
        firstDay: GAMES_FIRST_DAY + (sportIndex % 7),
        firstMinute: (sportIndex * 47) % 540,
        entrants: (event) => factory.entrants(event),
      },
      random.fork('plan'),
    );
    const examples = templates.get(sport.code) ?? [];
    for (const body of participantsDocuments(sport, events, examples)) emit(body);
    emit(scheduleDocument(sport, programme, events));
    for (const event of events) emitEvent(sport, event, random.fork(event.rsc), emit, examples);
    emitSportDocuments(sport, events, random.fork('sport'), emit, examples);
  });
  // Ceremonies last, so the sports' messages keep their names (and sequence numbers).
  emit(ceremoniesDocument());
  return messages;
}

function emitEvent(
  sport: ResolvedSport,
  event: DemoEvent,
  random: Random,
  emit: (body: OdfElement) => void,
  examples: readonly Template[],
): void {
  const qualifiers = qualifiersOf(event);
  for (const unit of event.units) {
    if (!unit.resultStatus) continue;
    emit(
      resultDocument(
        sport,
        event,
        { ...unit, resultStatus: 'START_LIST', ranking: [] },
        1,
        random,
        qualifiers,
        examples,
      ),
    );
    if (unit.resultStatus !== 'START_LIST') emit(resultDocument(sport, event, unit, 2, random, qualifiers, examples));
    if (unit.match && unit.ranking.length === 2 && !unit.walkover) {
      if (hasLayout(sport, 'DT_STATS')) emit(statsDocument(sport, unit, unit.code, random, examples));
      if (hasLayout(sport, 'DT_PLAY_BY_PLAY')) emit(playByPlayDocument(sport, unit, random, examples));
      const current = currentDocument(sport, unit, examples);
      if (current) emit(current);
    }
  }
  const phases = [...new Set(event.units.map((u) => u.phase))];
  if (hasLayout(sport, 'DT_PHASE_RESULT')) {
    for (const phase of phases) {
      const units = event.units.filter((u) => u.phase === phase && u.ranking.length > 0);
      if (units.length === 0) continue;
      const ranking = units.flatMap((u) => u.ranking).sort((a, b) => a.ability - b.ability);
      emit(
        rankingDocument(
          sport,
          'DT_PHASE_RESULT',
          phaseOf(units[0]!.code),
          event,
          ranking,
          random,
          units.some((u) => u.medal || u.phase === 'FNL'),
          examples,
          units.every((u) => u.resultStatus === 'OFFICIAL'),
        ),
      );
    }
  }
  if (hasLayout(sport, 'DT_CUMULATIVE_RESULT')) {
    const done = event.units.filter((u) => u.ranking.length > 0);
    if (done.length > 0) {
      const last = done[done.length - 1]!;
      const rest = event.entrants.filter((c) => !last.ranking.includes(c)).sort((a, b) => a.ability - b.ability);
      emit(
        rankingDocument(
          sport,
          'DT_CUMULATIVE_RESULT',
          eventOf(event.rsc),
          event,
          [...last.ranking, ...rest],
          random,
          Boolean(event.medals),
          examples,
        ),
      );
    }
  }
  if (hasLayout(sport, 'DT_POOL_STANDING')) {
    const groups = [...new Set(event.units.filter((u) => u.phase === 'GP').map((u) => u.group!))];
    for (const group of groups) {
      emit(
        poolStandingDocument(
          sport,
          event,
          group,
          event.units.filter((u) => u.phase === 'GP' && u.group === group),
          random,
          examples,
        ),
      );
    }
  }
  if (hasLayout(sport, 'DT_BRACKETS')) {
    const brackets = bracketsDocument(event, examples);
    if (brackets) emit(brackets);
  }
}

/** Team and player statistics of a match (or a sport's leaders when `unit` stands for the sport). */
function statsDocument(
  sport: ResolvedSport,
  unit: Pick<DemoUnit, 'entrants'>,
  code: string,
  random: Random,
  examples: readonly Template[],
): OdfElement {
  const template = templateOf(examples, 'DT_STATS');
  if (template)
    return recastDocument(template, envelope('DT_STATS', code, 1, { ResultStatus: 'OFFICIAL' }), unit.entrants);
  const body = envelope('DT_STATS', code, 1, { ResultStatus: 'OFFICIAL' });
  body.Competition = [{ Competitor: unit.entrants.map(competitorElement) }];
  fillLayouts(body, layoutsFor(sport, 'DT_STATS'), [], random, 60);
  delete (body.Competition as OdfElement[])[0]!.Result;
  return body;
}

function playByPlayDocument(
  sport: ResolvedSport,
  unit: DemoUnit,
  random: Random,
  examples: readonly Template[],
): OdfElement {
  const template = templateOf(examples, 'DT_PLAY_BY_PLAY');
  const head = envelope('DT_PLAY_BY_PLAY', unit.code, 1, { ResultStatus: unit.resultStatus ?? 'LIVE' });
  if (template) {
    const body = recastDocument(template, head, unit.entrants);
    // Home is whoever the recast `Actions/@Home` names (the example's first actor may be away).
    const homeCode = String(children(children(body, 'Competition')[0], 'Actions')[0]?.Home ?? '');
    const home = unit.entrants.find((c) => c.code === homeCode) ?? unit.entrants[0];
    const away = unit.entrants.find((c) => c !== home);
    const scoreOf = (c: DemoCompetitor | undefined) => (c ? unit.scores?.[unit.ranking.indexOf(c)]?.total : undefined);
    const [h, a] = [scoreOf(home), scoreOf(away)];
    if (h !== undefined && a !== undefined) alignActionScores(body, h, a);
    return body;
  }
  const body = head;
  const actionCodes = sport.legend.filter((e) => e.entity === '@Action').map((e) => e.code);
  const codes = actionCodes.length > 0 ? actionCodes : ['GOAL', 'SHOT', 'FOUL', 'TIMEOUT', 'SUB'];
  let home = 0;
  let away = 0;
  const actions: OdfElement[] = [];
  for (let i = 0; i < 24; i += 1) {
    const side = random.next() < 0.5 ? 0 : 1;
    const team = unit.entrants[side]!;
    const scored = random.next() < 0.4;
    if (scored && side === 0) home += 1;
    if (scored && side === 1) away += 1;
    const period = 1 + Math.floor(i / 6);
    actions.push({
      Id: String(i + 1),
      Period: String(period),
      Time: `${String(9 - (i % 6)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
      Action: scored ? codes[0]! : random.pick(codes),
      Result: scored ? 'SCORED' : '',
      ScoreHome: String(home),
      ScoreAway: String(away),
      Organisation: team.organisation,
      Competitor: [competitorElement({ ...team, type: 'A', athletes: [random.pick(team.athletes)] })],
    });
  }
  body.Competition = [{ Actions: [{ Action: actions }] }];
  fillLayouts(body, layoutsFor(sport, 'DT_PLAY_BY_PLAY'), [], random, 60);
  delete (body.Competition as OdfElement[])[0]!.Result;
  return body;
}

function emitSportDocuments(
  sport: ResolvedSport,
  events: DemoEvent[],
  random: Random,
  emit: (body: OdfElement) => void,
  examples: readonly Template[],
): void {
  const medalled = events.filter((e) => e.medals);
  if (medalled.length > 0) emit(medallistsDocument(sport, events, 1));
  if (layoutsFor(sport, 'DT_STATS').some(() => 'statistics' in sport.pages)) {
    const leaders = events
      .flatMap((e) => e.entrants)
      .sort((a, b) => a.ability - b.ability)
      .slice(0, 12);
    emit(statsDocument(sport, { entrants: leaders }, disciplineOf(sport.code), random, examples));
  }
  const recordTemplate = templateOf(examples, 'DT_RECORD');
  if (hasLayout(sport, 'DT_RECORD') && recordTemplate) {
    const holders = events.map((event) => [...event.entrants].sort((a, b) => a.ability - b.ability)[0]!);
    emit(recastDocument(recordTemplate, envelope('DT_RECORD', disciplineOf(sport.code), 1), holders));
  } else if (hasLayout(sport, 'DT_RECORD')) {
    const body = envelope('DT_RECORD', disciplineOf(sport.code), 1);
    body.Competition = [
      {
        Record: events.map((event, i) => {
          const holder = [...event.entrants].sort((a, b) => a.ability - b.ability)[0]!;
          // The ODF schema's record: its name, then each record type (`Shared`) and its data (`Historical`).
          return {
            Code: event.rsc,
            Description: [{ Name: event.spec.name.en_US }],
            RecordType: [
              {
                Order: '1',
                RecordType: sport.legend.find((e) => e.key === 'RecordType')?.code ?? 'GR',
                Shared: 'N',
                RecordData: [
                  {
                    Order: '1',
                    Historical: 'N',
                    Result: (baseMark(event) * 0.97).toFixed(2),
                    Date: `2021-09-${String(15 + i).padStart(2, '0')}`,
                    Place: 'Xi’an',
                    Competitor: [competitorElement(holder)],
                  },
                ],
              },
            ],
          };
        }),
      },
    ];
    fillLayouts(body, layoutsFor(sport, 'DT_RECORD'), [], random, 60);
    delete (body.Competition as OdfElement[])[0]!.Result;
    emit(body);
  }
}

export { padRsc };
