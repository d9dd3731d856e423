import type { ResolvedSport } from '../../core/sports/types';
import { DELEGATIONS } from '../reference/delegations';
import {
  EVENT_UNIT_TYPES,
  GENDERS,
  PHASE_TYPES,
  REPORT_TYPES,
  RESULT_STATUSES,
  SCHEDULE_STATUSES,
  SESSION_TYPES,
} from '../reference/statuses';
import type { OdfElement } from '../odf/normalise';
import { allEntrants } from './participants';
import { attr, children, textOf, type LocalText } from './odfRead';
import { phaseName } from '../../core/phases';
import { allScheduleUnits, type ScheduleUnit } from './schedule';
import type { DeriveContext, Deriver } from './types';

/** The 21 tables of spec section 7, served as `{ Result: { Items } }` by /api/crs/commonCode/{table}. */
export const COMMON_CODE_TABLES = [
  'discipline',
  'disciplineTree',
  'phase',
  'eventUnit',
  'eventUnitType',
  'schedulestatus',
  'sessiontype',
  'resultstatus',
  'sportCodes',
  'record',
  'recordtype',
  'phaseType',
  'countryRegion',
  'organisation',
  'venue',
  'location',
  'position',
  'disciplineGender',
  'disciplineFunction',
  'reportType',
  'noc',
] as const;
export type CommonCodeTable = (typeof COMMON_CODE_TABLES)[number];

type Item = Record<string, unknown>;

/** `{ ENG_<field>, CHI_<field>, CHT_<field> }` from a LocalText. */
function described(text: LocalText, field = 'Description'): Item {
  const item: Item = {};
  if (text.ENG !== undefined) item[`ENG_${field}`] = text.ENG;
  if (text.CHI !== undefined) item[`CHI_${field}`] = text.CHI;
  if (text.CHT !== undefined) item[`CHT_${field}`] = text.CHT;
  return item;
}

const staticTable = (rows: readonly (readonly [string, string, string])[]): Item[] =>
  rows.map(([Id, eng, chi]) => ({ Id, ...described(textOf(eng, chi)) }));

const sportText = (sport: ResolvedSport): LocalText => ({
  ENG: sport.name.en_US,
  CHI: sport.name.zh_CN,
  CHT: sport.name.zh_HK,
});

function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/**
 * Event names. A schedule names units, not events ("Men's Group A", "Men's Gold Medal Match"), so an
 * event is named by what its competition units' names share: their common leading words (or
 * characters, for names written without spaces, as Chinese often is). An event of one unit, or whose
 * units share nothing, keeps its medal unit's name (else its first unit's).
 */
function eventTree(units: ScheduleUnit[], teamEvents: Set<string>): Map<string, Item[]> {
  const events = new Map<string, { unit: ScheduleUnit; medal: boolean; names: LocalText[] }>();
  for (const unit of units) {
    const known = events.get(unit.event);
    const names = [...(known?.names ?? []), ...(unit.nonCompetition ? [] : [unit.name])];
    if (!known || (!known.medal && unit.medal)) events.set(unit.event, { unit, medal: Boolean(unit.medal), names });
    else known.names = names;
  }
  const tree = new Map<string, Item[]>();
  for (const [event, { unit, names }] of events) {
    const list = tree.get(unit.discipline) ?? [];
    const name: LocalText = {};
    for (const language of ['ENG', 'CHI', 'CHT'] as const) {
      const texts = names.map((n) => n[language]).filter((t): t is string => Boolean(t));
      const shared = texts.length > 1 ? sharedLead(texts) : '';
      const own = shared || withoutPhase(unit.name[language], phaseName(unit.code)?.[language]);
      if (own) name[language] = own;
    }
    list.push({
      EventFullRsc: event,
      ...described(name, 'EventName'),
      TeamEvent: teamEvents.has(event) ? 'Y' : 'N',
    });
    tree.set(unit.discipline, list);
  }
  return tree;
}

/** A unit's name without its phase's name at the end ("Women's Javelin Throw Final"): the event's. */
export function withoutPhase(name: string | undefined, phase: string | undefined): string | undefined {
  if (!name || !phase || !name.endsWith(phase)) return name;
  const rest = name.slice(0, -phase.length).replace(/[\s,:;\-–—]+$/u, '');
  return rest || name;
}

/** The leading words all `texts` share (characters when one has no space); '' when none. */
export function sharedLead(texts: readonly string[]): string {
  const spaced = texts.every((t) => t.trim().includes(' '));
  const parts = texts.map((t) => (spaced ? t.trim().split(/\s+/) : [...t.trim()]));
  const first = parts[0] ?? [];
  let length = 0;
  while (length < first.length && parts.every((p) => p[length] === first[length])) length += 1;
  // Never a whole name: a name shared in full by every unit says nothing about the event beyond it.
  if (length === 0 || parts.every((p) => p.length === length)) return '';
  return first
    .slice(0, length)
    .join(spaced ? ' ' : '')
    .replace(/[\s,:;\-–—(（]+$/u, '');
}

/**
 * Positions and functions the feed declares for its participants (DT_PARTIC, as the ODF dictionaries
 * put them): a participant's `@MainFunctionId`, and the `POSITION` entry of each event it is
 * registered in (`Discipline/RegisteredEvent/EventEntry[@Code="POSITION"]/@Value`).
 */
function participantRoles(
  store: { listByType(type: string): { body: string }[] },
  kind: 'Position' | 'Function',
): Item[] {
  const items: Item[] = [];
  for (const doc of store.listByType('DT_PARTIC')) {
    for (const competition of children(JSON.parse(doc.body) as OdfElement, 'Competition')) {
      for (const participant of children(competition, 'Participant')) {
        for (const discipline of children(participant, 'Discipline')) {
          const code = attr(discipline, 'Code')?.slice(0, 3);
          if (!code) continue;
          if (kind === 'Function') {
            const fn = attr(participant, 'MainFunctionId');
            if (fn) items.push({ Discipline: code, Function: fn });
            continue;
          }
          for (const registered of children(discipline, 'RegisteredEvent')) {
            for (const entry of children(registered, 'EventEntry')) {
              const value = attr(entry, 'Value');
              if (attr(entry, 'Code') === 'POSITION' && value) items.push({ Discipline: code, Id: value });
            }
          }
        }
      }
    }
  }
  return uniqueBy(items, (i) => JSON.stringify(i));
}

/**
 * The English name a discipline's own feed gives it (`SportDescription/@DisciplineName` of one of its
 * results), for a discipline no plugin describes; its code when no result has come yet.
 */
function feedDisciplineName(db: DeriveContext['db'], discipline: string): string {
  const row = db
    .prepare("SELECT body FROM documents WHERE type = 'DT_RESULT' AND code >= ? AND code < ? LIMIT 1")
    .get(discipline, `${discipline}\uffff`) as { body: string } | undefined;
  if (!row) return discipline;
  const competition = children(JSON.parse(row.body) as OdfElement, 'Competition')[0];
  const infos = children(competition, 'ExtendedInfos')[0];
  return attr(children(infos, 'SportDescription')[0], 'DisciplineName') ?? discipline;
}

export function commonCodeDeriver(sports: readonly ResolvedSport[]): Deriver {
  const withPlugin = new Set(sports.map((s) => s.code));
  return {
    name: 'commonCode',
    inputs: ['DT_SCHEDULE', 'DT_PARTIC', 'DT_PARTIC_TEAMS', 'DT_RECORD', 'DT_RESULT', 'table:reports'],
    owns: ['COMMON_CODE'],
    // A result matters here only for a discipline no plugin names: its name comes from the feed.
    affected: (input, code) => (input === 'DT_RESULT' && withPlugin.has(code.slice(0, 3)) ? [] : undefined),
    buildPart: () => [],
    build({ store, db, codeNames }) {
      const units = allScheduleUnits(store, codeNames);
      const entrants = allEntrants(store);
      const sportByCode = new Map(sports.map((s) => [s.code, s]));
      const disciplines = [...new Set([...sports.map((s) => s.code), ...units.map((u) => u.discipline)])].sort();
      const unknownNames = new Map(
        disciplines.filter((d) => !sportByCode.has(d)).map((d) => [d, feedDisciplineName(db, d)]),
      );
      const teamEvents = new Set(entrants.filter((e) => e.type === 'T').flatMap((e) => e.events));
      const tree = eventTree(units, teamEvents);
      const organisations = uniqueBy(
        [
          ...DELEGATIONS.map(([Id, chi, eng]) => ({ Id, ...described(textOf(eng, chi)) })),
          ...entrants
            .filter((e) => e.organisation)
            .map((e) => ({ Id: e.organisation!, ENG_Description: e.organisation! })),
        ],
        (i) => i.Id,
      );
      const legend = sports.flatMap((s) => s.legend.map((entry) => ({ sport: s.code, entry })));
      const records = store.listByType('DT_RECORD').flatMap((doc) =>
        children(JSON.parse(doc.body) as OdfElement, 'Competition').flatMap((c) =>
          children(c, 'Record').map((r) => ({
            Discipline: doc.code.slice(0, 3),
            Code: attr(r, 'Code'),
            RecordType: attr(children(r, 'RecordType')[0], 'RecordType'),
            Result: attr(children(children(r, 'RecordType')[0], 'RecordData')[0], 'Result'),
          })),
        ),
      );
      const reportTypes = db.prepare('SELECT DISTINCT substr(code, 1, 3) AS d, doc_type AS c FROM reports').all() as {
        d: string;
        c: string;
      }[];
      const venues = (key: 'venue' | 'location', name: 'venueName' | 'locationName') =>
        uniqueBy(
          units.filter((u) => u[key]),
          (u) => u[key]!,
        ).map((u) => ({ Id: u[key], ...described(u[name]) }));
      const tables: Record<CommonCodeTable, Item[]> = {
        discipline: disciplines.map((Id) => ({
          Id,
          ...described(sportByCode.get(Id) ? sportText(sportByCode.get(Id)!) : { ENG: unknownNames.get(Id) ?? Id }),
        })),
        disciplineTree: disciplines.map((Discipline) => ({
          Discipline,
          ...described(
            sportByCode.get(Discipline)
              ? sportText(sportByCode.get(Discipline)!)
              : { ENG: unknownNames.get(Discipline) ?? Discipline },
          ),
          Events: tree.get(Discipline) ?? [],
        })),
        phase: uniqueBy(units, (u) => u.phase).map((u) => ({
          Id: u.phase,
          Discipline: u.discipline,
          PhaseType: u.phaseType,
        })),
        eventUnit: units.map((u) => ({
          Id: u.code,
          Discipline: u.discipline,
          Event: u.event,
          Phase: u.phase,
          PhaseType: u.phaseType,
          Medal: u.medal ?? null,
          Order: u.order ?? null,
          ...described(u.name),
        })),
        eventUnitType: staticTable(EVENT_UNIT_TYPES),
        schedulestatus: staticTable(SCHEDULE_STATUSES),
        sessiontype: staticTable(SESSION_TYPES),
        resultstatus: staticTable(RESULT_STATUSES),
        sportCodes: legend.map(({ sport, entry }) => ({
          Discipline: sport,
          CodeEntity: entry.entity,
          Code: entry.code,
          Key: entry.key,
          ...described({ ENG: entry.description.en_US, CHI: entry.description.zh_CN, CHT: entry.description.zh_HK }),
        })),
        record: records,
        recordtype: uniqueBy(
          legend.filter(({ entry }) => entry.key === 'RecordType'),
          ({ sport, entry }) => `${sport}/${entry.code}`,
        ).map(({ sport, entry }) => ({
          Discipline: sport,
          RecordType: entry.code,
          ...described({ ENG: entry.description.en_US, CHI: entry.description.zh_CN, CHT: entry.description.zh_HK }),
        })),
        phaseType: staticTable(PHASE_TYPES),
        countryRegion: organisations,
        organisation: organisations,
        venue: venues('venue', 'venueName'),
        location: venues('location', 'locationName'),
        position: participantRoles(store, 'Position'),
        disciplineGender: uniqueBy(units, (u) => `${u.discipline}/${u.event.charAt(3)}`)
          .filter((u) => GENDERS.some(([g]) => g === u.event.charAt(3)))
          .map((u) => {
            const [, eng, chi] = GENDERS.find(([g]) => g === u.event.charAt(3))!;
            return { Discipline: u.discipline, Gender: u.event.charAt(3), ...described(textOf(eng, chi)) };
          }),
        disciplineFunction: participantRoles(store, 'Function'),
        reportType: [
          ...staticTable(REPORT_TYPES).map((item) => ({ Discipline: null, Code: item.Id, ...item })),
          ...reportTypes.map(({ d, c }) => ({ Discipline: d, Code: c })),
        ],
        noc: organisations,
      };
      return COMMON_CODE_TABLES.map((table) => ({
        type: 'COMMON_CODE',
        code: table,
        body: { Result: { Items: tables[table] } },
      }));
    },
  };
}
