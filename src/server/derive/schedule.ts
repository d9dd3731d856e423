import { compareScheduleEntries, startDay } from '../../core/schedule/order';
import type { ResolvedSport } from '../../core/sports/types';
import type { OdfElement } from '../odf/normalise';
import type { DerivedDocument, Deriver } from './types';
import { attr, children, disciplineRsc, eventRsc, localText, phaseRsc, type LocalText } from './odfRead';
import { scheduleGrid } from './scheduleGrid';
import { phaseName } from '../../core/phases';
import type { GamesCodeNames } from '../reference/codeNames';

import type { ScheduleUnit } from '../../../schemas/api';
export type { ScheduleUnit };

export const UNDATED_KEY = 'UNSCHEDULED';

function venueText(unit: OdfElement, attribute: 'VenueName' | 'LocationName'): LocalText {
  const descriptions = children(unit, 'VenueDescription');
  const text: LocalText = {};
  for (const d of descriptions) {
    const language = attr(d, 'Language') ?? 'ENG';
    const value = attr(d, attribute);
    if (value && (language === 'ENG' || language === 'CHI' || language === 'CHT')) text[language] ??= value;
  }
  return text;
}

/** The languages a text lacks, from the code tables' text for the same code. */
function fillFrom(text: LocalText, known: LocalText | undefined): void {
  if (!known) return;
  for (const language of ['ENG', 'CHI', 'CHT'] as const)
    if (!text[language] && known[language]) text[language] = known[language];
}

/**
 * A unit's name where its schedule sends none in a language: its event's name from the games' code
 * tables, its phase's name and, in a phase of several units, the unit's number ("男子100米预赛 3").
 * Never English on a Chinese page when the code tables know the Chinese.
 */
function composeNames(units: ScheduleUnit[], { events, venues }: GamesCodeNames): void {
  const perPhase = new Map<string, number>();
  for (const unit of units) perPhase.set(unit.phase, (perPhase.get(unit.phase) ?? 0) + 1);
  for (const unit of units) {
    fillFrom(unit.venueName, unit.venue ? venues.get(unit.venue) : undefined);
    fillFrom(unit.locationName, unit.location ? venues.get(unit.location) : undefined);
    const event = events.get(unit.event);
    if (!event) continue;
    const phase = phaseName(unit.code);
    const number = Number.parseInt(unit.code.slice(26, 30), 10);
    const numbered = (perPhase.get(unit.phase) ?? 0) > 1 && number > 0;
    for (const language of ['ENG', 'CHI', 'CHT'] as const) {
      if (unit.name[language] || !event[language]) continue;
      const words = [event[language], phase?.[language], numbered ? String(number) : undefined].filter(Boolean);
      unit.name[language] = words.join(' ');
    }
  }
}

export function scheduleUnits(schedule: OdfElement, codeNames?: GamesCodeNames): ScheduleUnit[] {
  const units: ScheduleUnit[] = [];
  for (const competition of children(schedule, 'Competition')) {
    for (const unit of children(competition, 'Unit')) {
      const code = attr(unit, 'Code');
      if (!code) continue;
      const order = Number(attr(unit, 'Order'));
      const medal = attr(unit, 'Medal');
      const entry: ScheduleUnit = {
        code,
        discipline: code.slice(0, 3),
        event: eventRsc(code),
        phase: phaseRsc(code),
        name: localText(unit, 'ItemName'),
        hideStartDate: attr(unit, 'HideStartDate') === 'Y',
        venueName: venueText(unit, 'VenueName'),
        locationName: venueText(unit, 'LocationName'),
      };
      const optional: [keyof ScheduleUnit, string | undefined][] = [
        ['phaseType', attr(unit, 'PhaseType')],
        ['status', attr(unit, 'ScheduleStatus')],
        ['start', attr(unit, 'StartDate')],
        ['end', attr(unit, 'EndDate')],
        ['venue', attr(unit, 'Venue')],
        ['location', attr(unit, 'Location')],
        ['session', attr(unit, 'SessionCode')],
      ];
      for (const [key, value] of optional) if (value) (entry as unknown as Record<string, unknown>)[key] = value;
      if (Number.isFinite(order) && attr(unit, 'Order')) entry.order = order;
      if (medal && medal !== '0') entry.medal = medal;
      units.push(entry);
    }
  }
  if (codeNames) composeNames(units, codeNames);
  return units;
}

export const sortSchedule = (units: ScheduleUnit[]): ScheduleUnit[] =>
  units.sort(
    (a, b) =>
      compareScheduleEntries(
        { start: a.start, order: a.order, orderOnly: a.hideStartDate },
        { start: b.start, order: b.order, orderOnly: b.hideStartDate },
      ) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );

/** All units of the games, from every discipline's DT_SCHEDULE (updates already merged in). */
export function allScheduleUnits(
  store: { listByType(type: string): { body: string }[] },
  codeNames?: GamesCodeNames,
): ScheduleUnit[] {
  return sortSchedule(store.listByType('DT_SCHEDULE').flatMap((doc) => scheduleUnits(JSON.parse(doc.body), codeNames)));
}

const count = (units: ScheduleUnit[]) => ({ units: units.length, medalUnits: units.filter((u) => u.medal).length });

function groupBy<K>(units: ScheduleUnit[], key: (u: ScheduleUnit) => K): Map<K, ScheduleUnit[]> {
  const groups = new Map<K, ScheduleUnit[]>();
  for (const unit of units) {
    const k = key(unit);
    const list = groups.get(k);
    if (list) list.push(unit);
    else groups.set(k, [unit]);
  }
  return groups;
}

/** ODF's phase types (see PHASE_TYPES): a competition unit, and a victory ceremony. */
const COMPETITION_PHASE_TYPE = '3';
const CEREMONY_PHASE_TYPE = '6';

/**
 * Flags the entries that are not competitions: ceremony units within a sport, and the entries of a
 * discipline the games has no plugin for unless the feed says they are competition units (a feed
 * sends opening and closing ceremonies as the schedule of a non-sport discipline, `PhaseType="0"`,
 * and may send a sport no plugin describes, whose units are `PhaseType="3"`). Decided from the
 * registry and ODF codes, never from a named discipline.
 */
export function markNonCompetition(units: ScheduleUnit[], sportCodes: ReadonlySet<string>): ScheduleUnit[] {
  for (const unit of units) {
    const unknownSport = !sportCodes.has(unit.discipline) && unit.phaseType !== COMPETITION_PHASE_TYPE;
    if (unknownSport || unit.phaseType === CEREMONY_PHASE_TYPE) unit.nonCompetition = true;
  }
  return units;
}

/**
 * The whole-games schedule: an index (SCHEDULE/ALL: days, disciplines and venues with counts), each
 * day (SCHEDULE_DAY/{yyyy-mm-dd}, undated units under UNSCHEDULED) and each discipline
 * (SCHEDULE_DISCIPLINE/{discipline RSC}), units in schedule order; the games at a glance
 * (SCHEDULE_GRID/ALL, disciplines by days) and the non-competition entries (SCHEDULE_NON/ALL).
 */
export function scheduleDeriver(sports: readonly ResolvedSport[]): Deriver {
  const sportCodes = new Set(sports.map((s) => s.code));
  return {
    name: 'schedule',
    inputs: ['DT_SCHEDULE'],
    owns: ['SCHEDULE', 'SCHEDULE_DAY', 'SCHEDULE_DISCIPLINE', 'SCHEDULE_GRID', 'SCHEDULE_NON'],
    build({ store, codeNames }) {
      const units = markNonCompetition(allScheduleUnits(store, codeNames), sportCodes);
      const byDay = groupBy(units, (u) => startDay(u.start) ?? UNDATED_KEY);
      const byDiscipline = groupBy(units, (u) => u.discipline);
      const venues = new Map<string, LocalText>();
      for (const unit of units) if (unit.venue && !venues.has(unit.venue)) venues.set(unit.venue, unit.venueName);
      const venueList = [...venues].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, name]) => ({ code, name }));
      const docs: DerivedDocument[] = [
        {
          type: 'SCHEDULE',
          code: 'ALL',
          body: {
            days: [...byDay].map(([date, list]) => ({ date, ...count(list) })),
            disciplines: [...byDiscipline]
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([code, list]) => ({
                code,
                ...count(list),
                ...(list.every((u) => u.nonCompetition) ? { nonCompetition: true } : {}),
              })),
            venues: venueList,
            ...count(units),
          },
        },
        { type: 'SCHEDULE_GRID', code: 'ALL', body: scheduleGrid(units, venueList) },
        { type: 'SCHEDULE_NON', code: 'ALL', body: { units: units.filter((u) => u.nonCompetition) } },
      ];
      for (const [date, list] of byDay) docs.push({ type: 'SCHEDULE_DAY', code: date, body: { date, units: list } });
      for (const [code, list] of byDiscipline) {
        docs.push({ type: 'SCHEDULE_DISCIPLINE', code: disciplineRsc(code), body: { discipline: code, units: list } });
      }
      return docs;
    },
  };
}
