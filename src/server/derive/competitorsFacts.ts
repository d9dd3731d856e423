import { COMPETITOR_BUCKETS, competitorBucket } from '../../core/competitorBucket';
import type { OdfElement } from '../odf/normalise';
import { traditionalName } from '../odf/traditional';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { attr, child, children, eventRsc, type LocalText } from './odfRead';

/**
 * What the competitor pages need from entry lists and results. Each result's lines are taken when it
 * is stored (its body is parsed then) into a table, so the deriver that runs on every result reads a
 * few small rows instead of parsing every result of the games (30 MB in the demo games) again.
 */

import type { NameParts, PersonNames } from '../../../schemas/api';
export type { NameParts, PersonNames };

/** An athlete (from DT_PARTIC) or team (from DT_PARTIC_TEAMS) as one entry list names it. */
export interface CompetitorEntry {
  code: string;
  organisation?: string;
  gender?: string;
  birthDate?: string;
  /** Athletes: family and given names per language. */
  names?: PersonNames;
  /** Teams: the team name. */
  teamName?: LocalText;
  disciplines: string[];
  events: string[];
  /** Teams: the codes of their athletes. */
  members?: string[];
}

/** One competitor's line in one unit's result (or start list); `team` when named in a team's composition. */
export interface ResultLine {
  competitor: string;
  team?: string;
  rank?: string;
  result?: string;
  irm?: string;
  qualification?: string;
  wlt?: string;
}

export const RESULTS_TABLE = 'table:competitor_results';
const ENTRY_TYPES: Readonly<Record<string, { element: string; kind: 'A' | 'T' }>> = {
  DT_PARTIC: { element: 'Participant', kind: 'A' },
  DT_PARTIC_TEAMS: { element: 'Team', kind: 'T' },
};
const LANGUAGES = ['ENG', 'CHI', 'CHT'] as const;
type Language = (typeof LANGUAGES)[number];
const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Names per language from `Description` elements (untagged is English), else the element's own attributes (local names too). */
function namesOf(element: OdfElement): { names: PersonNames; teamName: LocalText } {
  const names: PersonNames = {};
  const teamName: LocalText = {};
  const descriptions = children(element, 'Description');
  for (let i = 0; i <= descriptions.length; i += 1) {
    const source = descriptions[i] ?? element;
    const language = i === descriptions.length ? 'ENG' : (attr(source, 'Language') ?? 'ENG');
    if (!isLanguage(language)) continue;
    const family = attr(source, 'FamilyName');
    const given = attr(source, 'GivenName');
    if ((family || given) && !names[language]) names[language] = [family ?? '', given ?? ''];
    const team = attr(source, 'TeamName') ?? (source === element ? attr(source, 'Name') : undefined);
    if (team) teamName[language] ??= team;
  }
  // DT_PARTIC gives the name in the local language as `LocalFamilyName`/`LocalGivenName`.
  const localFamily = attr(element, 'LocalFamilyName');
  if (localFamily && !names.CHI) names.CHI = [localFamily, attr(element, 'LocalGivenName') ?? ''];
  if (names.CHI && !names.CHT) names.CHT = traditionalName(...names.CHI);
  return { names, teamName };
}

const addOnce = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

/** An athlete's (`kind` A) or team's (T) entry: a `Participant` of DT_PARTIC or a `Team` of DT_PARTIC_TEAMS. */
export function entryOf(element: OdfElement, kind: 'A' | 'T'): CompetitorEntry | undefined {
  const code = attr(element, 'Code');
  if (!code) return undefined;
  const disciplines: string[] = [];
  const events: string[] = [];
  for (const discipline of children(element, 'Discipline')) {
    const disciplineCode = attr(discipline, 'Code');
    if (disciplineCode) addOnce(disciplines, disciplineCode.slice(0, 3));
    for (const registered of children(discipline, 'RegisteredEvent')) {
      const event = attr(registered, 'Event');
      if (!event) continue;
      addOnce(events, eventRsc(event));
      addOnce(disciplines, event.slice(0, 3));
    }
  }
  const description = child(element, 'Description');
  const { names, teamName } = namesOf(element);
  const entry: CompetitorEntry = { code, disciplines: disciplines.sort(), events: events.sort() };
  const organisation = attr(element, 'Organisation') ?? attr(description, 'Organisation');
  const gender = attr(element, 'Gender') ?? attr(description, 'Gender');
  const birthDate = attr(element, 'BirthDate') ?? attr(description, 'BirthDate');
  if (organisation) entry.organisation = organisation;
  if (gender) entry.gender = gender;
  if (birthDate) entry.birthDate = birthDate;
  if (kind === 'T') {
    entry.teamName = teamName;
    entry.members = children(child(element, 'Composition'), 'Athlete')
      .map((athlete) => attr(athlete, 'Code'))
      .filter((member): member is string => Boolean(member));
  } else {
    entry.names = names;
  }
  return entry;
}

/** Every athlete and team of the stored entry lists, one entry per list that names it. */
export function storedEntries(store: Pick<DocumentStore, 'listByType'>): {
  athletes: CompetitorEntry[];
  teams: CompetitorEntry[];
} {
  const found = { athletes: [] as CompetitorEntry[], teams: [] as CompetitorEntry[] };
  for (const [type, { element, kind }] of Object.entries(ENTRY_TYPES)) {
    const into = kind === 'A' ? found.athletes : found.teams;
    for (const doc of store.listByType(type)) {
      for (const competition of children(JSON.parse(doc.body) as OdfElement, 'Competition')) {
        for (const item of children(competition, element)) {
          const entry = entryOf(item, kind);
          if (entry) into.push(entry);
        }
      }
    }
  }
  return found;
}

const LINE_ATTRIBUTES = [
  ['rank', 'Rank'],
  ['result', 'Result'],
  ['irm', 'IRM'],
  ['qualification', 'QualificationMark'],
  ['wlt', 'WLT'],
] as const;

/** The lines of a unit's DT_RESULT: each competitor, and each athlete of a team's composition. */
export function resultLinesOf(body: OdfElement): ResultLine[] {
  const lines = new Map<string, ResultLine>();
  for (const competition of children(body, 'Competition')) {
    for (const row of children(competition, 'Result')) {
      const competitor = child(row, 'Competitor');
      const code = attr(competitor, 'Code');
      if (!code) continue;
      const line: ResultLine = { competitor: code };
      for (const [field, attribute] of LINE_ATTRIBUTES) {
        const value = attr(row, attribute);
        if (value) line[field] = value;
      }
      lines.set(code, line);
      for (const athlete of children(child(competitor, 'Composition'), 'Athlete')) {
        const member = attr(athlete, 'Code');
        // An individual's composition names the athlete again: that line is already there.
        if (member && member !== code && !lines.has(member))
          lines.set(member, { ...line, competitor: member, team: code });
      }
    }
  }
  return [...lines.values()];
}

/** A change of the results table: the derive input and the competitor buckets it affects. */
export interface ResultsChange {
  readonly input: string;
  readonly buckets: ReadonlySet<string>;
}

/** A unit's lines by the bucket of their competitor. */
function linesByBucket(lines: readonly ResultLine[]): Map<string, ResultLine[]> {
  const split = new Map<string, ResultLine[]>();
  for (const line of lines) {
    const bucket = competitorBucket(line.competitor);
    const list = split.get(bucket);
    if (list) list.push(line);
    else split.set(bucket, [line]);
  }
  return split;
}

/** Keeps the results tables (each unit's lines, whole and by bucket) in step with the stored results. */
export class CompetitorFacts {
  private readonly putLines;
  private readonly getLines;
  private readonly dropBuckets;
  private readonly dropBucket;
  private readonly putBucket;
  constructor(private readonly db: Db) {
    this.putLines = db.prepare('INSERT OR REPLACE INTO competitor_results (unit, status, lines) VALUES (?, ?, ?)');
    this.getLines = db.prepare('SELECT status, lines FROM competitor_results WHERE unit = ?');
    this.dropBuckets = db.prepare('DELETE FROM competitor_result_buckets WHERE unit = ?');
    this.dropBucket = db.prepare('DELETE FROM competitor_result_buckets WHERE bucket = ? AND unit = ?');
    this.putBucket = db.prepare(
      'INSERT OR REPLACE INTO competitor_result_buckets (bucket, unit, lines) VALUES (?, ?, ?)',
    );
  }

  /** Records a stored message's facts; returns what it changed (a derive input and its buckets), if anything. */
  record(type: string, code: string, status: string | undefined, body: OdfElement): ResultsChange | undefined {
    if (type !== 'DT_RESULT') return undefined;
    const current = resultLinesOf(body);
    const lines = JSON.stringify(current);
    const before = this.getLines.get(code) as { status: string | null; lines: string } | undefined;
    // Unchanged lines (a new version about something else) change no competitor's page.
    if (before && before.status === (status ?? null) && before.lines === lines) return undefined;
    this.putLines.run(code, status ?? null, lines);
    const split = linesByBucket(current);
    const previous = before ? linesByBucket(JSON.parse(before.lines) as ResultLine[]) : undefined;
    // A new status (live to official) is on every competitor's line; otherwise only the buckets whose
    // lines differ are affected, a competitor who left the lines included.
    const changed = this.putBuckets(code, split, before?.status === (status ?? null) ? previous : undefined);
    if (previous) for (const bucket of previous.keys()) if (!split.has(bucket)) changed.add(bucket);
    return { input: RESULTS_TABLE, buckets: changed };
  }

  /**
   * Writes a unit's lines by bucket; with its previous lines, only the buckets that differ (a live
   * result changes a few competitors' lines, not the whole field's). Gives the buckets written.
   */
  private putBuckets(
    unit: string,
    split: ReadonlyMap<string, readonly ResultLine[]>,
    previous?: ReadonlyMap<string, readonly ResultLine[]>,
  ): Set<string> {
    const written = new Set<string>();
    if (previous) {
      for (const bucket of previous.keys()) if (!split.has(bucket)) this.dropBucket.run(bucket, unit);
    } else {
      this.dropBuckets.run(unit);
    }
    for (const [bucket, lines] of split) {
      const text = JSON.stringify(lines);
      const was = previous?.get(bucket);
      if (was && JSON.stringify(was) === text) continue;
      this.putBucket.run(bucket, unit, text);
      written.add(bucket);
    }
    return written;
  }

  /**
   * Fills the tables from results stored before they existed (a store older than them), once each:
   * `meta` flags say it is done, the lines by bucket's with the number of buckets they were split
   * into (filed again when it changes). True when it found results to take lines from (the derived
   * documents must then be rebuilt).
   */
  backfill(store: DocumentStore): boolean {
    const flag = (key: string) => this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key);
    const done = (key: string, value = '1') =>
      this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
    const buckets = String(COMPETITOR_BUCKETS);
    return store.transaction(() => {
      let found = false;
      if (!flag('competitor_results')) {
        for (const doc of store.listByType('DT_RESULT')) {
          this.record('DT_RESULT', doc.code, doc.status ?? undefined, JSON.parse(doc.body) as OdfElement);
          found = true;
        }
        // record() fills the lines by bucket as well.
        done('competitor_results');
        done('competitor_result_buckets', buckets);
      } else if (flag('competitor_result_buckets') !== buckets) {
        const rows = this.db.prepare('SELECT unit, lines FROM competitor_results').all() as {
          unit: string;
          lines: string;
        }[];
        this.db.prepare('DELETE FROM competitor_result_buckets').run();
        for (const { unit, lines } of rows) this.putBuckets(unit, linesByBucket(JSON.parse(lines) as ResultLine[]));
        done('competitor_result_buckets', buckets);
        found = rows.length > 0;
      }
      return found;
    });
  }
}

/** The Traditional name is left out where it equals the Simplified one: the site falls back to it. */
export function compactNames(names: PersonNames | undefined): PersonNames {
  const out: PersonNames = { ...names };
  if (out.CHT && out.CHI && out.CHT[0] === out.CHI[0] && out.CHT[1] === out.CHI[1]) delete out.CHT;
  return out;
}
