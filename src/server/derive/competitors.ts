import { competitorBucket } from '../../core/competitorBucket';
import type { CompetitorLine, LocalText, PersonNames, ProfileBucket } from '../../../schemas/api';
import { compactNames, storedEntries, type CompetitorEntry } from './competitorsFacts';
import { gamesNames } from './names';
import type { DerivedDocument, Deriver } from './types';

function compactText(text: LocalText | undefined): LocalText {
  const out: LocalText = { ...text };
  if (out.CHT && out.CHT === out.CHI) delete out.CHT;
  return out;
}

const flatNames = (names: PersonNames): string[] => {
  const flat = [...(names.ENG ?? ['', '']), ...(names.CHI ?? ['', '']), ...(names.CHT ?? [])];
  while (flat.length > 0 && flat[flat.length - 1] === '') flat.pop();
  return flat;
};
const flatText = (text: LocalText): string[] => {
  const flat = [text.ENG ?? '', text.CHI ?? '', text.CHT ?? ''];
  while (flat.length > 0 && flat[flat.length - 1] === '') flat.pop();
  return flat;
};

/** Entries of one competitor in several lists (one per discipline) become one: sports and events merge. */
export function mergeEntries(entries: Iterable<CompetitorEntry>): Map<string, CompetitorEntry> {
  const byCode = new Map<string, CompetitorEntry>();
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();
  for (const entry of entries) {
    const known = byCode.get(entry.code);
    if (!known) {
      byCode.set(entry.code, entry);
      continue;
    }
    byCode.set(entry.code, {
      ...known,
      ...entry,
      disciplines: union(known.disciplines, entry.disciplines),
      events: union(known.events, entry.events),
      ...(known.members || entry.members ? { members: union(known.members ?? [], entry.members ?? []) } : {}),
    });
  }
  return byCode;
}

/**
 * By a key (lower-cased), then code. The keys are English names: one order in every language, which
 * for Chinese names is the pinyin order Chinese lists use too.
 */
function sortedBy<T extends { code: string }>(items: Iterable<T>, key: (item: T) => string): T[] {
  return [...items]
    .map((item) => ({ item, key: key(item).toLowerCase() }))
    .sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.item.code < b.item.code ? -1 : a.item.code > b.item.code ? 1 : 0,
    )
    .map(({ item }) => item);
}

/**
 * The competitor lists and profiles: COMPETITORS/INDIVIDUALS and COMPETITORS/TEAMS (filtered by the list
 * page's loader) and COMPETITOR_PROFILES/{bucket}. Entry lists change seldom (before the games,
 * and for late entries), so reading them all again is affordable.
 */
export const competitorsDeriver: Deriver = {
  name: 'competitors',
  inputs: ['DT_PARTIC', 'DT_PARTIC_TEAMS'],
  owns: ['COMPETITORS', 'COMPETITOR_PROFILES'],
  build({ store }) {
    const entries = storedEntries(store);
    const athletes = sortedBy(mergeEntries(entries.athletes).values(), (e) => (e.names?.ENG ?? []).join(' '));
    // A delegation has a team in many sports: by name, then sport and gender.
    const teams = sortedBy(mergeEntries(entries.teams).values(), (e) =>
      [e.teamName?.ENG ?? '', e.disciplines.join(' '), e.gender ?? ''].join('\u0000'),
    );

    const namesOf = new Map(athletes.map((entry) => [entry.code, compactNames(entry.names)]));
    // A team as the names directory names it (a pair by its members, a delegation's team in Chinese).
    const directory = gamesNames(store);
    const teamName = (entry: CompetitorEntry) => compactText(directory.team(entry.code) ?? entry.teamName);
    const teamsOf = new Map<string, { code: string; name: LocalText }[]>();
    for (const team of teams) {
      for (const member of team.members ?? []) {
        const list = teamsOf.get(member) ?? [];
        list.push({ code: team.code, name: teamName(team) });
        teamsOf.set(member, list);
      }
    }

    const buckets = new Map<string, ProfileBucket>();
    const bucketOf = (code: string) => {
      const key = competitorBucket(code);
      let bucket = buckets.get(key);
      // Keyed by codes from the feed: no prototype, so `constructor` or `__proto__` is a code like any other.
      if (!bucket)
        buckets.set(
          key,
          (bucket = {
            athletes: Object.create(null) as ProfileBucket['athletes'],
            teams: Object.create(null) as ProfileBucket['teams'],
          }),
        );
      return bucket;
    };
    // Absent fields are left undefined: JSON leaves them out.
    const athleteLines = athletes.map((entry): CompetitorLine => {
      const names = namesOf.get(entry.code) ?? {};
      bucketOf(entry.code).athletes[entry.code] = {
        organisation: entry.organisation,
        gender: entry.gender,
        birthDate: entry.birthDate,
        names,
        disciplines: entry.disciplines,
        events: entry.events,
        teams: teamsOf.get(entry.code),
      };
      const { organisation = '', gender = '', disciplines } = entry;
      return [entry.code, organisation, gender, disciplines.join(' '), ...flatNames(names)];
    });
    const teamLines = teams.map((entry): CompetitorLine => {
      const name = teamName(entry);
      bucketOf(entry.code).teams[entry.code] = {
        organisation: entry.organisation,
        gender: entry.gender,
        name,
        disciplines: entry.disciplines,
        events: entry.events,
        members: (entry.members ?? []).map((code) => ({ code, names: namesOf.get(code) ?? {} })),
      };
      const { organisation = '', gender = '', disciplines } = entry;
      return [entry.code, organisation, gender, disciplines.join(' '), ...flatText(name)];
    });

    const docs: DerivedDocument[] = [
      { type: 'COMPETITORS', code: 'INDIVIDUALS', body: { athletes: athleteLines } },
      { type: 'COMPETITORS', code: 'TEAMS', body: { teams: teamLines } },
    ];
    for (const [code, body] of [...buckets].sort(([a], [b]) => (a < b ? -1 : 1))) {
      docs.push({ type: 'COMPETITOR_PROFILES', code, body });
    }
    return docs;
  },
};
