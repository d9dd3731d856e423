import type { NamesDirectory } from '../../core/namesDirectory';
import { delegationTeamName, membersTeamName } from '../../core/teamNames';
import { toTraditional } from '../odf/traditional';
import type { DocumentStore } from '../store/documents';
import { directoryPerson } from './namePinyin';
import { compactNames, storedEntries, type CompetitorEntry, type PersonNames } from './competitorsFacts';
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
 * A team's name per language: as DT_PARTIC_TEAMS sends it, else (core/teamNames.ts) its delegation's
 * name from the code tables with what the English name adds ("Guangdong 2"), else, for a pair or
 * crew, its members' names by the names rules. The Traditional name is the Simplified one converted
 * when the entry list gives none.
 */
function teamNames(team: CompetitorEntry, people: ReadonlyMap<string, PersonNames>): LocalText {
  // A name that is the team's code (a pair's, as some feeds send it) names nothing.
  const given = Object.fromEntries(
    Object.entries(team.teamName ?? {}).filter(([, name]) => name?.trim() && name.trim() !== team.code),
  ) as LocalText;
  const delegation = team.organisation ? delegationName(team.organisation) : undefined;
  const english = given.ENG?.trim() ?? '';
  const members = (team.members ?? []).map((code) => people.get(code));
  // A member's Traditional name is kept only where it differs from the Simplified one.
  const byMembers = (language: 'ENG' | 'CHI' | 'CHT') =>
    membersTeamName(members.map((person) => (language === 'CHT' ? (person?.CHT ?? person?.CHI) : person?.[language])));
  // A team without a name of its own, of a few members, is a pair or crew: named by them first.
  const inLocal = (language: 'CHI' | 'CHT') =>
    (english === '' ? byMembers(language) : undefined) ??
    delegationTeamName(english, team.organisation, delegation, language) ??
    byMembers(language);
  const names: LocalText = { ...given };
  names.CHI ??= inLocal('CHI');
  names.CHT ??= given.CHI ? toTraditional(given.CHI) : inLocal('CHT');
  names.ENG ??= byMembers('ENG') ?? (english === '' ? delegation?.ENG : undefined);
  for (const language of ['ENG', 'CHI', 'CHT'] as const) if (!names[language]) delete names[language];
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
export function gamesNames(store: Pick<DocumentStore, 'listByType' | 'typeEtags'>): GamesNames {
  const key = ['DT_PARTIC', 'DT_PARTIC_TEAMS'].map((type) => store.typeEtags(type)).join(';');
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
