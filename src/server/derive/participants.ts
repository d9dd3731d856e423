import type { OdfElement } from '../odf/normalise';
import { DELEGATIONS } from '../reference/delegations';
import { competitorSummary, type CompetitorSummary } from './competitor';
import { medallistsOf, medalTally } from './medals';
import { gamesNames } from './names';
import { attr, children, delegationName, disciplineRsc, eventRsc } from './odfRead';
import type { DerivedDocument, Deriver } from './types';

import type { Entrant } from '../../../schemas/api';
export type { Entrant };

function entrantOf(element: OdfElement, type: 'A' | 'T'): Entrant {
  const summary = competitorSummary(element);
  const disciplines = new Set<string>();
  const events = new Set<string>();
  for (const discipline of children(element, 'Discipline')) {
    const code = attr(discipline, 'Code');
    if (code) disciplines.add(code.slice(0, 3));
    for (const registered of children(discipline, 'RegisteredEvent')) {
      const event = attr(registered, 'Event');
      if (event) {
        events.add(eventRsc(event));
        disciplines.add(event.slice(0, 3));
      }
    }
  }
  const entrant: Entrant = { ...summary, type, disciplines: [...disciplines].sort(), events: [...events].sort() };
  const gender = attr(element, 'Gender');
  const birthDate = attr(element, 'BirthDate');
  if (gender) entrant.gender = gender;
  if (birthDate) entrant.birthDate = birthDate;
  return entrant;
}

type EntryListSource = { listByType(type: string): { code: string; etag: string; body: string }[] };
const ENTRY_LISTS = [
  ['DT_PARTIC', 'Participant', 'A'],
  ['DT_PARTIC_TEAMS', 'Team', 'T'],
] as const;

/**
 * The last answer, with the entry lists it was read from (by ETag, a digest of the body): three
 * derivers ask in one rebuild, and reading 20,000 entries costs half a second each time. Callers
 * only read the entrants.
 */
let lastEntrants: { key: string; entrants: Entrant[] } | undefined;

/** Every athlete (DT_PARTIC `Participant`) and team (DT_PARTIC_TEAMS `Team`), last message wins per code. */
export function allEntrants(store: EntryListSource): Entrant[] {
  const lists = ENTRY_LISTS.map(([type, element, kind]) => ({ element, kind, docs: store.listByType(type) }));
  const key = lists.map(({ kind, docs }) => docs.map((doc) => `${kind}/${doc.code}/${doc.etag}`).join(',')).join(';');
  if (lastEntrants?.key === key) return lastEntrants.entrants;
  const byCode = new Map<string, Entrant>();
  for (const { element, kind, docs } of lists) {
    for (const doc of docs) {
      for (const competition of children(JSON.parse(doc.body) as OdfElement, 'Competition')) {
        for (const item of children(competition, element)) {
          const entrant = entrantOf(item, kind);
          if (entrant.code) byCode.set(`${kind}${entrant.code}`, entrant);
        }
      }
    }
  }
  lastEntrants = { key, entrants: [...byCode.values()] };
  return lastEntrants.entrants;
}

export { delegationName };

function entriesByEvent(entrants: Entrant[]) {
  const events = new Map<string, CompetitorSummary[]>();
  for (const e of entrants) {
    for (const event of e.events) {
      const list = events.get(event) ?? [];
      list.push({
        ...(e.code ? { code: e.code } : {}),
        type: e.type ?? 'A',
        ...(e.organisation ? { organisation: e.organisation } : {}),
        name: e.name,
      });
      events.set(event, list);
    }
  }
  return [...events].sort(([a], [b]) => (a < b ? -1 : 1)).map(([event, entries]) => ({ event, entries }));
}

/**
 * Participants and entries per delegation and per discipline, and the delegation profiles:
 * PARTICIPANTS/{org|discipline RSC}, ENTRIES/{org|discipline RSC}, DELEGATION/ALL and DELEGATION/{org}.
 */
export const participantsDeriver: Deriver = {
  name: 'participants',
  inputs: ['DT_PARTIC', 'DT_PARTIC_TEAMS', 'DT_MEDALLISTS', 'table:medal_corrections'],
  owns: ['PARTICIPANTS', 'ENTRIES', 'DELEGATION'],
  build({ store }) {
    const entrants = allEntrants(store);
    const names = gamesNames(store);
    const medallists = store.listByType('DT_MEDALLISTS').flatMap((d) => medallistsOf(JSON.parse(d.body), names));
    const tally = new Map(medalTally(medallists).map((row) => [row.organisation, row]));
    const groups = new Map<string, Entrant[]>();
    // Appended in place: copying the list on every add was quadratic (the marathon has thousands).
    const add = (key: string, e: Entrant) => {
      const list = groups.get(key);
      if (list) list.push(e);
      else groups.set(key, [e]);
    };
    const organisations = new Set<string>(DELEGATIONS.map(([code]) => code));
    for (const e of entrants) {
      if (e.organisation) {
        add(e.organisation, e);
        organisations.add(e.organisation);
      }
      for (const d of e.disciplines) add(disciplineRsc(d), e);
    }
    const docs: DerivedDocument[] = [];
    for (const [key, list] of groups) {
      docs.push({
        type: 'PARTICIPANTS',
        code: key,
        body: { athletes: list.filter((e) => e.type === 'A'), teams: list.filter((e) => e.type === 'T') },
      });
      docs.push({ type: 'ENTRIES', code: key, body: { events: entriesByEvent(list) } });
    }
    const profiles = [...organisations].sort().map((code) => {
      const list = groups.get(code) ?? [];
      const athletes = list.filter((e) => e.type === 'A');
      const disciplines = new Map<string, { discipline: string; men: number; women: number; teams: number }>();
      for (const e of list) {
        for (const d of e.disciplines) {
          const row = disciplines.get(d) ?? { discipline: d, men: 0, women: 0, teams: 0 };
          if (e.type === 'T') row.teams += 1;
          else if (e.gender === 'W' || e.gender === 'F') row.women += 1;
          else row.men += 1;
          disciplines.set(d, row);
        }
      }
      const medals = tally.get(code);
      return {
        code,
        name: delegationName(code),
        athletes: athletes.length,
        teams: list.length - athletes.length,
        disciplines: [...disciplines.values()].sort((a, b) => (a.discipline < b.discipline ? -1 : 1)),
        medals: {
          gold: medals?.gold ?? 0,
          silver: medals?.silver ?? 0,
          bronze: medals?.bronze ?? 0,
          total: medals?.total ?? 0,
        },
        medallists: medallists.filter((m) => m.competitor.organisation === code),
      };
    });
    docs.push({
      type: 'DELEGATION',
      code: 'ALL',
      body: {
        delegations: profiles.map(({ medallists: _m, disciplines, ...rest }) => ({
          ...rest,
          disciplines: disciplines.length,
        })),
      },
    });
    for (const profile of profiles) docs.push({ type: 'DELEGATION', code: profile.code, body: profile });
    return docs;
  },
};
