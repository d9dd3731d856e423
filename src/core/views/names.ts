import { displayName } from '../names';
import type { LocaleId } from '../sports/vocabulary';

/** Which `Description` variant each locale reads first: ODF tags Chinese ones, English is untagged. */
const LANGUAGE_ORDER: Record<LocaleId, readonly string[]> = {
  zh_CN: ['CHI', 'CHT', 'ENG'],
  zh_HK: ['CHT', 'CHI', 'ENG'],
  en_US: ['ENG', 'CHI', 'CHT'],
};

type Element = Record<string, unknown>;

const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

/**
 * The name of a competitor, athlete or description element in the locale's variant: a team name as
 * sent, a person's name by spec section 5 (full, and short for narrow screens). `undefined` when the
 * element carries no name.
 */
export function elementName(value: unknown, locale: LocaleId): DisplayedName | undefined {
  const variant = pickVariant(variants(value), locale);
  if (!variant) return isElement(value) ? compositionName(value, locale) : undefined;
  const code = isElement(value) ? text(value, 'Code') : undefined;
  const team = text(variant, 'TeamName');
  if (team) return { text: team, short: team, ...(code ? { code } : {}) };
  const parts = { family: text(variant, 'FamilyName'), given: text(variant, 'GivenName') };
  const full = parts.family || parts.given ? displayName(parts) : (text(variant, 'PrintName') ?? '');
  const short = parts.family || parts.given ? displayName(parts, { short: true }) : full;
  return { text: full, short, ...(code ? { code } : {}) };
}

/**
 * An individual competitor's name as ODF sends it: no name on the `Competitor`, its athlete's under
 * `Composition/Athlete/Description`; a pair without a team name is "A / B". The link is the
 * competitor's code (an individual's competitor code is the athlete's).
 */
function compositionName(competitor: Element, locale: LocaleId): DisplayedName | undefined {
  const compositions = Array.isArray(competitor.Composition) ? competitor.Composition.filter(isElement) : [];
  const athletes = compositions.flatMap((c) => (Array.isArray(c.Athlete) ? c.Athlete.filter(isElement) : []));
  const names = athletes
    .filter((a) => Array.isArray(a.Description))
    .map((a) => elementName(a, locale))
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
export function namesOf(values: readonly unknown[], locale: LocaleId): DisplayedName[] {
  const elements = values.filter(isElement);
  if (elements.length === 0) return [];
  const areVariants = elements.every((e) => !Array.isArray(e.Description)) && elements.some((e) => 'Language' in e);
  if (areVariants) {
    const name = elementName({ Description: elements }, locale);
    return name ? [name] : [];
  }
  return elements.map((e) => elementName(e, locale)).filter((n): n is DisplayedName => n !== undefined);
}
