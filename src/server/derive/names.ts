import type { NamesDirectory } from '../../core/namesDirectory';
import { toTraditional } from '../odf/traditional';
import type { DocumentStore } from '../store/documents';
import { compactNames } from './competitors';
import { directoryPerson } from './namePinyin';
import { storedEntries, type CompetitorEntry, type PersonNames } from './competitorsFacts';
import { delegationName, disciplineRsc, type LocalText } from './odfRead';
import type { DerivedDocument, Deriver } from './types';

/**
 * Every name of the games by code, from where ODF keeps it (DESIGN section 4): people from DT_PARTIC
 * (English `GivenName`/`FamilyName`, the games' language `LocalFamilyName`/`LocalGivenName`), teams
 * from DT_PARTIC_TEAMS, named in Chinese by their delegation's name in the code tables. Results are
 * joined to it by code when documents are derived or pages are loaded; stored documents stay as sent.
 */
export interface NameLookup {
  person(code: string): PersonNames | undefined;
  team(code: string): LocalText | undefined;
}

interface GamesNames extends NameLookup {
  readonly athletes: readonly CompetitorEntry[];
  readonly teams: readonly CompetitorEntry[];
  readonly people: ReadonlyMap<string, PersonNames>;
  readonly teamNames: ReadonlyMap<string, LocalText>;
}

/**
 * A team's name per language: as DT_PARTIC_TEAMS sends it (English), and in Chinese its delegation's
 * name from the code tables, with what the English name adds to the delegation's ("Guangdong 2").
 * A team named otherwise (a pair, "SMITH / JONES") is named by its members' Chinese family names.
 */
function teamNames(team: CompetitorEntry, people: ReadonlyMap<string, PersonNames>): LocalText {
  const names: LocalText = { ...team.teamName };
  if (names.CHI) return { ...names, CHT: names.CHT ?? toTraditional(names.CHI) };
  const delegation = team.organisation ? delegationName(team.organisation) : undefined;
  const english = names.ENG?.trim() ?? '';
  const stem = [delegation?.ENG, team.organisation].find(
    (start) => start && english.toLowerCase().startsWith(start.toLowerCase()),
  );
  if (delegation?.CHI && (stem !== undefined || english === '')) {
    const rest = english.slice(stem?.length ?? 0).trim();
    names.CHI = rest ? `${delegation.CHI} ${rest}` : delegation.CHI;
  } else {
    const members = (team.members ?? []).map((code) => people.get(code)?.CHI?.[0]).filter(Boolean);
    if (members.length > 0 && members.length === (team.members ?? []).length && members.length <= 4)
      names.CHI = members.join('/');
  }
  if (names.CHI) names.CHT = toTraditional(names.CHI);
  return names;
}

function buildGamesNames(store: Pick<DocumentStore, 'listByType'>): GamesNames {
  const { athletes, teams } = storedEntries(store);
  const people = new Map<string, PersonNames>();
  // An entry list read later fills what an earlier one left out, per language.
  for (const entry of athletes) people.set(entry.code, { ...entry.names, ...people.get(entry.code) });
  // The entry lists give the Traditional pair (converted apart); kept only where it differs.
  for (const [code, names] of people) people.set(code, compactNames(names));
  const names = new Map<string, LocalText>();
  for (const team of teams) if (!names.has(team.code)) names.set(team.code, teamNames(team, people));
  return {
    athletes,
    teams,
    people,
    teamNames: names,
    person: (code) => people.get(code),
    team: (code) => names.get(code),
  };
}

let last: { key: string; names: GamesNames } | undefined;

/** The games' names, read again only when an entry list changed (by ETag). */
export function gamesNames(store: Pick<DocumentStore, 'listByType'>): GamesNames {
  const key = ['DT_PARTIC', 'DT_PARTIC_TEAMS']
    .map((type) =>
      store
        .listByType(type)
        .map((doc) => `${doc.code}/${doc.etag}`)
        .join(','),
    )
    .join(';');
  if (last?.key !== key) last = { key, names: buildGamesNames(store) };
  return last.names;
}

/** NAMES/{discipline RSC} and NAMES/{event RSC}: the people and teams a page of it may name. */
function directories(names: GamesNames): DerivedDocument[] {
  const byCode = new Map<string, NamesDirectory>();
  const directory = (code: string) => {
    let found = byCode.get(code);
    if (!found) byCode.set(code, (found = { people: {}, teams: {} }));
    return found;
  };
  // A person's entry is made once, with its pinyin, whichever directories name them.
  const entries = new Map<string, NamesDirectory['people'][string]>();
  const addPerson = (code: string, into: NamesDirectory) => {
    if (Object.hasOwn(into.people, code)) return;
    let entry = entries.get(code);
    if (!entry) {
      const person = names.people.get(code);
      if (!person) return;
      entries.set(code, (entry = directoryPerson(person)));
    }
    into.people[code] = entry;
  };
  // People entered in no event (officials, coaches) may be named on any unit of their discipline.
  const unentered = new Map<string, string[]>();
  for (const athlete of names.athletes) {
    for (const discipline of athlete.disciplines) {
      addPerson(athlete.code, directory(disciplineRsc(discipline)));
      if (athlete.events.length > 0) continue;
      // Appended in place: a feed whose entry list names no events has thousands here.
      const list = unentered.get(discipline);
      if (list) list.push(athlete.code);
      else unentered.set(discipline, [athlete.code]);
    }
    for (const event of athlete.events) addPerson(athlete.code, directory(event));
  }
  for (const team of names.teams) {
    const teamName = names.teamNames.get(team.code);
    const places = [...team.disciplines.map(disciplineRsc), ...team.events];
    for (const place of places) {
      const into = directory(place);
      if (teamName && !Object.hasOwn(into.teams, team.code)) into.teams[team.code] = teamName;
      for (const member of team.members ?? []) addPerson(member, into);
    }
  }
  for (const [code, into] of byCode) {
    if (/^-+$/.test(code.slice(3))) continue;
    for (const person of unentered.get(code.slice(0, 3)) ?? []) addPerson(person, into);
  }
  return [...byCode].map(([code, body]) => ({ type: 'NAMES', code, body }));
}

export const namesDeriver: Deriver = {
  name: 'names',
  inputs: ['DT_PARTIC', 'DT_PARTIC_TEAMS'],
  owns: ['NAMES'],
  build: ({ store }) => directories(gamesNames(store)),
};
