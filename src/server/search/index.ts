import type { CompetitorLine } from '../../../schemas/api';
/**
 * Finding an athlete, a delegation or a sport by name in any of the site's languages: Simplified or
 * Traditional characters, English, or pinyin (full, with or without spaces, or initials). Built from
 * the stored documents on the first search and again when one of them changes (their ETags).
 */
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { pickText, type DataText, type LocaleId } from '../../web/i18n/locale';
import type { SearchHit, SearchKind } from '../../web/search/hits';
import type { DocumentStore } from '../store/documents';
import { commonTexts } from '../store/commonCodes';

/** Results a search answers at most (a list to pick from, not a page to read). */
export const SEARCH_LIMIT = 20;
/** The longest query looked at: a name is short, and a long one costs a scan for nothing. */
export const QUERY_MAX = 40;

interface Entry {
  readonly kind: SearchKind;
  readonly code: string;
  readonly name: DataText;
  /** What the hit shows beside the name (an athlete's delegation and sport). */
  readonly detail?: { readonly organisation?: string; readonly discipline?: string };
  /** Normalised forms the query is matched against. */
  readonly keys: readonly string[];
}

/** Lower case, no spaces, apostrophes or hyphens, Traditional characters as Simplified. */
let toSimplified: ((text: string) => string) | undefined;
export function normalise(text: string): string {
  toSimplified ??= OpenCC.Converter({ from: 'hk', to: 'cn' });
  return toSimplified(text.normalize('NFKC').toLowerCase()).replace(/[\s'’\-.·•]/g, '');
}

/** Pinyin of Chinese text, in full (`guangdong`) and by initials (`gd`); nothing for other text. */
function pinyinKeys(text: string | undefined): string[] {
  if (!text || !/[\u4e00-\u9fff]/.test(text)) return [];
  const syllables = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' });
  return [syllables.join(''), syllables.map((s) => s[0] ?? '').join('')];
}

function keysOf(names: readonly (string | undefined)[], chinese: string | undefined): string[] {
  const keys = new Set<string>();
  for (const name of names) if (name) keys.add(normalise(name));
  for (const key of pinyinKeys(chinese)) keys.add(key);
  keys.delete('');
  return [...keys];
}

/** The entries of one code table (delegations, sports). */
function tableEntries(store: DocumentStore, table: string, kind: SearchKind): Entry[] {
  return [...commonTexts(store, table)].map(([code, name]) => ({
    kind,
    code,
    name,
    keys: keysOf([code, name.ENG, name.CHI, name.CHT], name.CHI),
  }));
}

/**
 * COMPETITORS/INDIVIDUALS lines: code, organisation, gender, discipline, ENG family, given, CHI family,
 * given, and the CHT family and given names where they differ from the CHI ones (converted as names
 * at ingest: 余文乐 is 余文樂, not 餘文樂).
 */
function athleteEntries(store: DocumentStore): Entry[] {
  const lines = store.json<{ athletes?: CompetitorLine[] }>('COMPETITORS', 'INDIVIDUALS')?.athletes ?? [];
  return lines.map(([code, organisation, , discipline, family, given, chiFamily, chiGiven, chtFamily, chtGiven]) => {
    const english = [family, given].filter(Boolean).join(' ');
    const chinese = `${chiFamily ?? ''}${chiGiven ?? ''}`;
    const traditional = `${chtFamily ?? ''}${chtGiven ?? ''}`;
    const name: DataText = {
      ...(english ? { ENG: english } : {}),
      ...(chinese ? { CHI: chinese } : {}),
      // zh_HK hits show the Traditional name; where the line has none it is the Simplified one.
      ...(traditional ? { CHT: traditional } : {}),
    };
    // Given name first too: a reader types "Zebo Cai" as often as "Cai Zebo".
    const reversed = [given, family].filter(Boolean).join(' ');
    return {
      kind: 'athlete',
      code,
      name,
      detail: { organisation, discipline },
      keys: keysOf([english, reversed, chinese, traditional], chinese),
    };
  });
}

const SOURCES = [
  ['COMMON_CODE', 'discipline'],
  ['COMMON_CODE', 'organisation'],
  ['COMPETITORS', 'INDIVIDUALS'],
] as const;

const KIND_ORDER: Readonly<Record<SearchKind, number>> = { sport: 0, delegation: 1, athlete: 2 };

/** The search over one store, rebuilt when a document it reads changes. */
export class SearchIndex {
  private built: { version: string; entries: Entry[] } | undefined;
  constructor(private readonly store: DocumentStore) {}

  private entries(): Entry[] {
    const version = SOURCES.map(([type, code]) => this.store.etag(type, code) ?? '').join('|');
    if (this.built?.version !== version) {
      this.built = {
        version,
        entries: [
          ...tableEntries(this.store, 'discipline', 'sport'),
          ...tableEntries(this.store, 'organisation', 'delegation'),
          ...athleteEntries(this.store),
        ],
      };
    }
    return this.built.entries;
  }

  /** Hits for a query, best first: a name that is the query, then one starting with it, then containing it. */
  search(query: string, locale: LocaleId): SearchHit[] {
    const wanted = normalise(query.slice(0, QUERY_MAX));
    if (wanted.length === 0) return [];
    const scored: { entry: Entry; score: number }[] = [];
    for (const entry of this.entries()) {
      let score = 0;
      for (const key of entry.keys) {
        if (key === wanted) score = Math.max(score, 3);
        else if (key.startsWith(wanted)) score = Math.max(score, 2);
        else if (wanted.length >= 2 && key.includes(wanted)) score = Math.max(score, 1);
      }
      if (score > 0) scored.push({ entry, score });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
        (pickText(a.entry.name, locale) || a.entry.code).localeCompare(pickText(b.entry.name, locale) || b.entry.code),
    );
    const names = (table: 'organisation' | 'discipline') =>
      new Map(
        this.entries()
          .filter((e) => e.kind === (table === 'organisation' ? 'delegation' : 'sport'))
          .map((e) => [e.code, e.name]),
      );
    const organisations = names('organisation');
    const disciplines = names('discipline');
    return scored.slice(0, SEARCH_LIMIT).map(({ entry }): SearchHit => {
      const detail = entry.detail
        ? [
            pickText(organisations.get(entry.detail.organisation ?? ''), locale),
            pickText(disciplines.get(entry.detail.discipline ?? ''), locale),
          ]
            .filter(Boolean)
            .join(' · ')
        : '';
      return {
        kind: entry.kind,
        code: entry.code,
        name: pickText(entry.name, locale) || entry.code,
        ...(detail ? { detail } : {}),
        href: hrefOf(entry),
      };
    });
  }
}

function hrefOf(entry: Entry): string {
  const code = encodeURIComponent(entry.code);
  if (entry.kind === 'athlete') return `/competitor/${code}`;
  if (entry.kind === 'delegation') return `/delegation/${code}/schedule`;
  return `/discipline/${code}/schedule`;
}

const indexes = new WeakMap<DocumentStore, SearchIndex>();
/** The search of a store (one per store, kept while it is open). */
export function searchIndexOf(store: DocumentStore): SearchIndex {
  let index = indexes.get(store);
  if (!index) indexes.set(store, (index = new SearchIndex(store)));
  return index;
}
