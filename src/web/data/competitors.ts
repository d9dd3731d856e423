import { displayName } from '../../core/names';
import type { CompetitorLine, PersonNames } from '../../../schemas/api';
import type { DataText, LocaleId } from '../i18n/locale';

export type { CompetitorLine, PersonNames };

/**
 * The competitor documents as the pages read them (their contract: schemas/api/competitors.ts),
 * and the list search: pure functions, run by the list page's loader on the server or in the browser.
 */

/** A line of either list as the page shows it: an athlete has `names`, a team `name`. */
export interface ListedCompetitor {
  code: string;
  organisation: string;
  gender: string;
  disciplines: string[];
  names?: PersonNames;
  name?: DataText;
}

export const PAGE_SIZE = 50;
/** A longer search text is cut: no name is longer, and it bounds the work of one search. */
const QUERY_LIMIT = 100;

const LANGUAGE_KEYS = ['ENG', 'CHI', 'CHT'] as const;

export function namesOfLine(line: CompetitorLine): PersonNames {
  const names: PersonNames = {};
  LANGUAGE_KEYS.forEach((language, index) => {
    const family = line[4 + index * 2] ?? '';
    const given = line[5 + index * 2] ?? '';
    if (family || given) names[language] = [family, given];
  });
  return names;
}

export function nameOfLine(line: CompetitorLine): DataText {
  const name: DataText = {};
  LANGUAGE_KEYS.forEach((language, index) => {
    const text = line[4 + index];
    if (text) name[language] = text;
  });
  return name;
}

export const athleteOf = (line: CompetitorLine): ListedCompetitor => ({
  code: line[0],
  organisation: line[1],
  gender: line[2],
  disciplines: line[3] ? line[3].split(' ') : [],
  names: namesOfLine(line),
});

export const teamOf = (line: CompetitorLine): ListedCompetitor => ({
  code: line[0],
  organisation: line[1],
  gender: line[2],
  disciplines: line[3] ? line[3].split(' ') : [],
  name: nameOfLine(line),
});

const PREFERENCE: Record<LocaleId, (keyof DataText)[]> = {
  zh_CN: ['CHI', 'CHT', 'ENG'],
  zh_HK: ['CHT', 'CHI', 'ENG'],
  en_US: ['ENG', 'CHI', 'CHT'],
};

/** A person's name in the locale's language (else the nearest), by the display rules of spec section 5. */
export function personName(names: PersonNames | undefined, locale: LocaleId, short = false): string {
  for (const language of PREFERENCE[locale]) {
    const parts = names?.[language];
    if (parts) return displayName({ family: parts[0], given: parts[1] }, { short });
  }
  return '';
}

export interface CompetitorQuery {
  /** Name (any language) or code, matched case-insensitively anywhere in it; as typed (spaces collapsed). */
  q: string;
  org: string;
  discipline: string;
  page: number;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const normalise = (text: string) => collapse(text).toLowerCase();

export function readQuery(params: URLSearchParams): CompetitorQuery {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: collapse(params.get('q') ?? '').slice(0, QUERY_LIMIT),
    org: (params.get('org') ?? '').trim().toUpperCase(),
    discipline: (params.get('discipline') ?? '').trim().toUpperCase(),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** What a name search looks in: the code and every name variant, given-family and family-given in English. */
export function athleteSearchText(line: CompetitorLine): string {
  const [code, , , , engFamily = '', engGiven = '', ...chinese] = line;
  const texts = [code, `${engGiven} ${engFamily}`, `${engFamily} ${engGiven}`];
  for (let i = 0; i < chinese.length; i += 2) texts.push(`${chinese[i]}${chinese[i + 1] ?? ''}`);
  return normalise(texts.join('\n'));
}

export function teamSearchText(line: CompetitorLine): string {
  const [code, , , , ...names] = line;
  return normalise([code, ...names].join('\n'));
}

/** The lines matching a query's name, delegation and discipline (each optional); the page is not applied. */
export function filterLines<L extends CompetitorLine>(
  lines: readonly L[],
  query: Pick<CompetitorQuery, 'q' | 'org' | 'discipline'>,
  searchText: (line: L) => string,
): L[] {
  if (!query.q && !query.org && !query.discipline) return [...lines];
  const name = normalise(query.q);
  return lines.filter(
    (line) =>
      (!query.org || line[1] === query.org) &&
      (!query.discipline || line[3].split(' ').includes(query.discipline)) &&
      (!name || searchText(line).includes(name)),
  );
}

/** One page of items; a page past the last gives the last. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

/** The page numbers a pager shows: the first, the last, and two either side of the current; gaps as null. */
export function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pages; n += 1) {
    if (n === 1 || n === pages || Math.abs(n - page) <= around) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

/** The query string of a list page: empty fields are left out, so links stay short. */
export function listSearch(query: Omit<CompetitorQuery, 'page'>, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.org) params.set('org', query.org);
  if (query.discipline) params.set('discipline', query.discipline);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
