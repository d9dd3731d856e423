/**
 * How a team is named where its entry list gives no name in the reader's language (issue 50): a
 * delegation's team by its delegation's name in the code tables, with what its English name adds
 * ("Guangdong 2" → "广东 2"); a pair or crew by its members, by the names rules. Pure: the service
 * names the directory's teams with it, a page the teams its directory lacks.
 */
import { displayName } from './names';

/** A delegation's names as the code tables give them. */
export interface DelegationNames {
  readonly ENG?: string | undefined;
  readonly CHI?: string | undefined;
  readonly CHT?: string | undefined;
}

/**
 * The name in `language` of a team whose English name is its delegation's (or its code) with perhaps
 * a number or a word after it: the delegation's local name and that rest. Undefined for a team named
 * otherwise ("SMITH / JONES", a club), or when the delegation has no name in that language.
 */
export function delegationTeamName(
  english: string,
  organisation: string | undefined,
  delegation: DelegationNames | undefined,
  language: 'CHI' | 'CHT',
): string | undefined {
  const local = language === 'CHT' ? (delegation?.CHT ?? delegation?.CHI) : delegation?.CHI;
  if (!local) return undefined;
  const name = english.trim();
  const stem = [delegation?.ENG, organisation].find(
    (start) => start && name.toLowerCase().startsWith(start.toLowerCase()),
  );
  if (stem === undefined && name !== '') return undefined;
  const rest = name.slice(stem?.length ?? 0).trim();
  return rest ? `${local} ${rest}` : local;
}

/** A member's family and given names in one language, as the names directory keeps them. */
export type MemberName = readonly [family: string, given: string] | undefined;

/**
 * A pair's or crew's name from its members' in one language ("MA Long / XU Xin", "马龙 / 许昕"):
 * only when every member has a name in it, and for at most four (a larger team is not its roster).
 */
export function membersTeamName(members: readonly MemberName[]): string | undefined {
  if (members.length === 0 || members.length > 4) return undefined;
  const names = members.map((parts) => (parts ? displayName({ family: parts[0], given: parts[1] }) : ''));
  return names.every(Boolean) ? names.join(' / ') : undefined;
}
