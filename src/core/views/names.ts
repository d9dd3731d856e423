import { isElement, type Element } from '../feedValues';
import { displayName } from '../names';
import { directoryPerson, directoryTeam, type PageNames } from '../namesDirectory';
import { delegationTeamName } from '../teamNames';
import type { LocaleId } from '../sports/vocabulary';

/** Which `Description` variant each locale reads first: ODF tags Chinese ones, English is untagged. */
const LANGUAGE_ORDER: Record<LocaleId, readonly string[]> = {
  zh_CN: ['CHI', 'CHT', 'ENG'],
  zh_HK: ['CHT', 'CHI', 'ENG'],
  en_US: ['ENG', 'CHI', 'CHT'],
};

const text = (element: Element, name: string): string | undefined => {
  const value = element[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

function variants(value: unknown): Element[] {
  if (!isElement(value)) return [];
  // A competitor, athlete or participant holds its names in `Description`; a description is itself one.
  const descriptions = value.Description;
  if (Array.isArray(descriptions)) return descriptions.filter(isElement);
  return [value];
}

function pickVariant(list: readonly Element[], locale: LocaleId): Element | undefined {
  for (const language of LANGUAGE_ORDER[locale]) {
    const found = list.find((d) => (text(d, 'Language') ?? 'ENG') === language && hasName(d));
    if (found) return found;
  }
  return list.find(hasName);
}

const hasName = (d: Element) =>
  Boolean(text(d, 'TeamName') ?? text(d, 'FamilyName') ?? text(d, 'GivenName') ?? text(d, 'PrintName'));

export interface DisplayedName {
  readonly text: string;
  readonly short: string;
  readonly code?: string;
}

/** A person's or team's name from the names directory by code, in the locale's language. */
function joinedName(
  directory: PageNames | undefined,
  code: string | undefined,
  locale: LocaleId,
  link: string | undefined,
): DisplayedName | undefined {
  const person = directoryPerson(directory, code, locale);
  const team = person ? undefined : directoryTeam(directory, code, locale);
  if (!person && !team) return undefined;
  const full = person ? displayName(person) : team!;
  const short = person ? displayName(person, { short: true }) : team!;
  return { text: full, short, ...(link ? { code: link } : {}) };
}

/**
 * The name of a competitor, athlete or description element in the locale's variant: a team name as
 * sent, a person's name by spec section 5 (full, and short for narrow screens). `undefined` when the
 * element carries no name. With a names directory, a Chinese page names the element by its code (or
 * `ownerCode`, the code of the element a `Description` belongs to) from the entry lists, since a
 * result names people in English only; a name the directory lacks falls back to the element's own.
 */
export function elementName(
  value: unknown,
  locale: LocaleId,
  directory?: PageNames,
  ownerCode?: string,
): DisplayedName | undefined {
  const own = isElement(value) ? text(value, 'Code') : undefined;
  const code = own ?? ownerCode;
  const variant = pickVariant(variants(value), locale);
  // A competitor named only through its composition (a player's action, an individual) is its athletes.
  const composed = !variant && isElement(value) ? compositionName(value, locale, directory) : undefined;
  if (composed) return composed;
  if (locale !== 'en_US') {
    const joined = joinedName(directory, code, locale, own);
    if (joined) return joined;
  }
  if (!variant) return joinedName(directory, code, 'en_US', own);
  const sent = text(variant, 'TeamName');
  // A team the directory lacks, named in English only: its delegation's name where it is its delegation's team.
  const team = sent && teamInLocale(sent, value, locale, directory);
  if (team) return { text: team, short: team, ...(code ? { code } : {}) };
  const parts = { family: text(variant, 'FamilyName'), given: text(variant, 'GivenName') };
  const full = parts.family || parts.given ? displayName(parts) : (text(variant, 'PrintName') ?? '');
  const short = parts.family || parts.given ? displayName(parts, { short: true }) : full;
  return { text: full, short, ...(code ? { code } : {}) };
}

function teamInLocale(sent: string, value: unknown, locale: LocaleId, directory: PageNames | undefined): string {
  if (locale === 'en_US' || !isElement(value)) return sent;
  const organisation = text(value, 'Organisation');
  const delegation = organisation ? directory?.delegations?.[organisation] : undefined;
  return delegationTeamName(sent, organisation, delegation, locale === 'zh_HK' ? 'CHT' : 'CHI') ?? sent;
}

/**
 * An individual competitor's name as ODF sends it: no name on the `Competitor`, its athlete's under
 * `Composition/Athlete/Description`; a pair without a team name is "A / B". The link is the
 * competitor's code (an individual's competitor code is the athlete's).
 */
function compositionName(
  competitor: Element,
  locale: LocaleId,
  directory: PageNames | undefined,
): DisplayedName | undefined {
  const compositions = Array.isArray(competitor.Composition) ? competitor.Composition.filter(isElement) : [];
  const athletes = compositions.flatMap((c) => (Array.isArray(c.Athlete) ? c.Athlete.filter(isElement) : []));
  const names = athletes
    .filter((a) => Array.isArray(a.Description) || (directory && text(a, 'Code')))
    .map((a) => elementName(a, locale, directory))
    .filter((n): n is DisplayedName => n !== undefined);
  if (names.length === 0) return undefined;
  const code = text(competitor, 'Code') ?? (names.length === 1 ? names[0]!.code : undefined);
  return {
    text: names.map((n) => n.text).join(' / '),
    short: names.map((n) => n.short).join(' / '),
    ...(code ? { code } : {}),
  };
}

/**
 * Names of what a path selected: a list of competitors (a pair in doubles) or the language variants
 * of one description (`Description`), which are one name, not several.
 */
export function namesOf(
  values: readonly unknown[],
  locale: LocaleId,
  sources: { directory?: PageNames | undefined; owner?: unknown } = {},
): DisplayedName[] {
  const elements = values.filter(isElement);
  if (elements.length === 0) return [];
  const { directory, owner } = sources;
  // A path to `Description` selects the names of the row's own element (an athlete, an official).
  const ownerCode = isElement(owner) ? text(owner, 'Code') : undefined;
  const areDescriptions =
    elements.every((e) => !Array.isArray(e.Description) && !('Code' in e)) &&
    (elements.some((e) => 'Language' in e) || (ownerCode !== undefined && elements.some(hasName)));
  if (areDescriptions) {
    const name = elementName({ Description: elements }, locale, directory, ownerCode);
    return name ? [name] : [];
  }
  return elements.map((e) => elementName(e, locale, directory)).filter((n): n is DisplayedName => n !== undefined);
}
