/**
 * Names joined by code (DESIGN section 4): a result names people in English only, or not at all, so a
 * page looks a row's participant or team code up in the names directory of its event (NAMES/{RSC},
 * built by the service from DT_PARTIC, DT_PARTIC_TEAMS and the code tables). Pure: the site and the
 * service read it the same way.
 */
import type { NamesDirectory } from '../../schemas/api';
import { disciplineOf, eventOf } from './rsc';
import type { DelegationNames } from './teamNames';
import type { LocaleId } from './sports/vocabulary';

export type { NamesDirectory };

/**
 * The names a page reads: its event's directory, and the delegations' names from the code tables,
 * which name a team the entry lists do not (core/teamNames.ts). The delegations are the page's own
 * addition, not part of the stored document.
 */
export type PageNames = NamesDirectory & { readonly delegations?: Readonly<Record<string, DelegationNames>> };

/** The directory's language for a locale: the Traditional pair is stored only where it differs. */
const LANGUAGES: Record<LocaleId, readonly ('ENG' | 'CHI' | 'CHT')[]> = {
  zh_CN: ['CHI'],
  zh_HK: ['CHT', 'CHI'],
  en_US: ['ENG'],
};

/** A person's family and given names in the locale's language, when the directory knows them. */
export function directoryPerson(
  directory: NamesDirectory | undefined,
  code: string | undefined,
  locale: LocaleId,
): { family: string; given: string } | undefined {
  if (!directory || !code || !Object.hasOwn(directory.people, code)) return undefined;
  const names = directory.people[code]!;
  for (const language of LANGUAGES[locale]) {
    const parts = names[language];
    if (parts && (parts[0] || parts[1])) return { family: parts[0], given: parts[1] };
  }
  return undefined;
}

/** A team's name in the locale's language, when the directory knows it. */
export function directoryTeam(
  directory: NamesDirectory | undefined,
  code: string | undefined,
  locale: LocaleId,
): string | undefined {
  if (!directory || !code || !Object.hasOwn(directory.teams, code)) return undefined;
  const names = directory.teams[code]!;
  for (const language of LANGUAGES[locale]) if (names[language]) return names[language];
  return undefined;
}

/** The code a names directory is kept by for a unit's or event's page: its event's, else its discipline's. */
export function namesDirectoryCode(code: string): string {
  const event = eventOf(code);
  return /^-+$/.test(event.slice(3)) ? disciplineOf(code) : event;
}
