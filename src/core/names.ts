/**
 * Person-name display (spec section 5): FAMILY name upper-cased (particles such as "de" or "van"
 * stay lower case, "Mc" keeps its small c), Given name capitalised; an empty or "-" family name takes
 * the given name. At most 35 characters (18 in short mode): longer names become the family name and
 * the given name's initial, then the family name alone, then the family name cut to the limit.
 */
export const NAME_LIMIT = 35;
export const SHORT_NAME_LIMIT = 18;

export const PARTICLES: ReadonlySet<string> = new Set([
  'de',
  'da',
  'di',
  'del',
  'della',
  'der',
  'den',
  'des',
  'du',
  'van',
  'von',
  'le',
  'la',
  'dos',
  'das',
  'do',
  'ter',
  'ten',
  'zu',
  'y',
]);

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

export interface PersonNameParts {
  readonly family?: string | undefined;
  readonly given?: string | undefined;
}

function familyWord(word: string): string {
  const lower = word.toLowerCase();
  if (PARTICLES.has(lower)) return lower;
  if (lower.startsWith('mc') && lower.length > 2) return `Mc${word.slice(2).toUpperCase()}`;
  return word.toUpperCase();
}

/** Family name in display case: words upper-cased, particles lower case, Mc kept. */
export function familyCase(family: string): string {
  return family
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index, words) =>
      index === words.length - 1 && PARTICLES.has(word.toLowerCase()) ? word.toUpperCase() : familyWord(word),
    )
    .join(' ');
}

/** Given name capitalised: each word and each hyphenated part starts upper case, the rest lower. */
export function givenCase(given: string): string {
  return given
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split('-')
        .map((part) => (part ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase() : part))
        .join('-'),
    )
    .join(' ');
}

/** The name as a spectator reads it, within the limit. */
export function displayName(parts: PersonNameParts, options: { short?: boolean } = {}): string {
  const limit = options.short ? SHORT_NAME_LIMIT : NAME_LIMIT;
  let family = (parts.family ?? '').trim();
  let given = (parts.given ?? '').trim();
  if (family === '' || family === '-') {
    family = given;
    given = '';
  }
  // Chinese names read family then given, with no space and no casing.
  if (HAN.test(family) || HAN.test(given)) {
    return [...`${family}${given}`].slice(0, limit).join('');
  }
  const familyText = familyCase(family);
  const givenText = givenCase(given);
  const candidates = [
    givenText ? `${familyText} ${givenText}` : familyText,
    givenText ? `${familyText} ${givenText.charAt(0)}.` : familyText,
    familyText,
  ];
  for (const candidate of candidates) if (candidate.length <= limit) return candidate;
  return familyText.slice(0, limit);
}
