/**
 * Finding a row of a long table by what a reader types: a name in Simplified or Traditional
 * characters, English, pinyin in full or by initials, a delegation's code or name. A row's keys are
 * made with its view (the cells' `find`), so the server filters a `?q=` page and the browser
 * filters as the reader types, from the same keys and the same rule.
 */
import type { NamesDirectory } from '../namesDirectory';
import { cellCode, type DelegationOption, type RowFilter, type ViewColumn, type ViewRow } from './types';

export type { DelegationOption, RowFilter };

/** Tables shorter than this have no filter box: every row is in view. */
export const FIND_MIN_ROWS = 20;
/** The longest query looked at: a name is short (search box's limit too). */
export const FIND_QUERY_MAX = 40;
/** Between a row's keys: a character no query holds, so a match never spans two keys. */
const SEPARATOR = '\n';

/** A text as the filter compares it: compatibility forms folded, lower case, no spaces, apostrophes, hyphens or dots. */
export function findText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s'’\-.·•]/g, '');
}

/** A row's keys: its texts folded, each once. */
export function findKeys(texts: Iterable<string>): string {
  const keys = new Set<string>();
  for (const text of texts) {
    const key = findText(text);
    if (key !== '') keys.add(key);
  }
  return [...keys].join(SEPARATOR);
}

/** The query as matched: folded and cut; empty means no filter. */
export const findQuery = (query: string | null | undefined): string =>
  findText((query ?? '').slice(0, FIND_QUERY_MAX)).replace(/\n/g, '');

/** Whether a row's keys hold a folded query (`findQuery`); an empty query finds every row. */
export const matchesFind = (keys: string | undefined, query: string): boolean =>
  query === '' || (keys !== undefined && keys.includes(query));

/**
 * What a reader may type for a person of the names directory: the names in every language, the
 * English name in both orders, the pinyin in full and by initials (`ouyangxiadan`, `oyxd`).
 */
export function personFindTexts(directory: NamesDirectory | undefined, code: string | undefined): string[] {
  if (!directory || !code || !Object.hasOwn(directory.people, code)) return [];
  const { ENG, CHI, CHT, PY } = directory.people[code]!;
  const texts: string[] = [];
  if (ENG) texts.push(`${ENG[0]} ${ENG[1]}`, `${ENG[1]} ${ENG[0]}`);
  if (CHI) texts.push(`${CHI[0]}${CHI[1]}`);
  if (CHT) texts.push(`${CHT[0]}${CHT[1]}`);
  if (PY) {
    const syllables = `${PY[0]} ${PY[1]}`.split(' ').filter(Boolean);
    texts.push(syllables.join(''), syllables.map((s) => s[0]).join(''));
  }
  return texts;
}

export const NO_FILTER: RowFilter = { q: '', org: '' };

/** The filter a page's address asks for. */
export function rowFilterOf(params: URLSearchParams): RowFilter {
  return { q: findQuery(params.get('q')), org: (params.get('org') ?? '').trim().toUpperCase().slice(0, 16) };
}

export const isFiltered = (filter: RowFilter): boolean => filter.q !== '' || filter.org !== '';
export const sameFilter = (a: RowFilter | undefined, b: RowFilter): boolean =>
  a !== undefined && a.q === b.q && a.org === b.org;

/** The columns whose cells stand for a delegation (their kind says `delegation`). */
export function delegationColumns(
  columns: readonly ViewColumn[],
  isDelegation: (column: ViewColumn) => boolean,
): number[] {
  return columns.flatMap((column, index) => (isDelegation(column) ? [index] : []));
}

/** The delegations a row stands for, by their codes. */
export const rowDelegations = (row: ViewRow, indexes: readonly number[]): string[] =>
  indexes.flatMap((index) => {
    const code = cellCode(row.cells[index]);
    return code ? [code] : [];
  });

/** Whether a row passes a filter: its keys hold the query and it stands for the delegation. */
export const rowMatches = (row: ViewRow, filter: RowFilter, delegations: readonly number[]): boolean =>
  matchesFind(row.find, filter.q) && (filter.org === '' || rowDelegations(row, delegations).includes(filter.org));

/** The delegations of a table's rows, each once, in the order they first appear. */
export function tableDelegations(rows: readonly ViewRow[], delegations: readonly number[]): DelegationOption[] {
  const found = new Map<string, string>();
  for (const row of rows)
    for (const index of delegations) {
      const cell = row.cells[index];
      const code = cellCode(cell);
      // Named by the cell's text, or its title where the page shows codes (the English site).
      if (code && !found.has(code)) found.set(code, typeof cell === 'object' ? (cell.title ?? cell.text) : code);
    }
  return [...found].map(([code, label]) => ({ code, label }));
}
