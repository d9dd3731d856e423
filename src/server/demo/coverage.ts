import type { Layout, ResolvedSport } from '../../core/sports/types';
import { accessorFor } from '../../core/valuePath';
import { padRsc } from '../../core/rsc';
import { demoOf } from './fill';
import { emptyTally, tallyDocument, type FeedTally } from './feedCoverage';
import { loadTemplates } from './templates';
import type { DocumentStore } from '../store/documents';
import type { Db } from '../store/database';

export interface SportCoverage {
  code: string;
  units: number;
  documents: Record<string, number>;
  reports: number;
  /** Declared tabs and pages no document shows data for, as `tab:result` or `page:brackets`. */
  missing: string[];
  /** The demo documents' values: read, hidden, or under "More" (a gap: the demo must show or hide each). */
  feed: FeedTally;
  /** The sport's examples' values: their "More" is the editors' worklist (sports:check warns), not a gap. */
  examples: FeedTally;
}

/**
 * A layout shows data when its rows exist and at least one of its columns has a value in one row (not
 * counting the competitor the generator writes itself).
 */
export function layoutHasData(layout: Layout, document: unknown): boolean {
  if (layout.widget === 'bracket')
    return accessorFor('Competition.Bracket.BracketItems.BracketItem').all(document).length > 0;
  if (!layout.rows) return true;
  const rows = accessorFor(layout.rows).all(document);
  if (rows.length === 0) return false;
  const columns = layout.columns ?? [];
  if (columns.length === 0) return true;
  return rows.some((row) =>
    columns.some((c) => demoOf(c).fill !== 'generator' && accessorFor(c.path).all(row).length > 0),
  );
}

/**
 * What the store holds for each sport, which declared tab or page has nothing to show, and how much
 * of the demo's documents and of the sport's examples (read from `sportsDir`) its layouts show.
 */
export function demoCoverage(
  sports: readonly ResolvedSport[],
  store: DocumentStore,
  db: Db,
  sportsDir?: string,
): SportCoverage[] {
  const documentTypes = (
    db.prepare('SELECT DISTINCT type FROM documents WHERE derived = 0').all() as { type: string }[]
  ).map((r) => r.type);
  return sports.map((sport) => {
    const documents: Record<string, number> = {};
    const byType = new Map<string, unknown[]>();
    const feed = emptyTally();
    for (const type of documentTypes) {
      const docs = store.listByType(type).filter((d) => d.code.startsWith(sport.code));
      if (docs.length === 0) continue;
      documents[type] = docs.length;
      const bodies = docs.map((d) => JSON.parse(d.body) as unknown);
      byType.set(type, bodies);
      bodies.forEach((body, i) => tallyDocument(feed, sport, type, docs[i]!.code, body));
    }
    const examples = emptyTally();
    for (const example of sportsDir ? loadTemplates(sportsDir, sport.code) : [])
      tallyDocument(examples, sport, example.type, example.code, example.body);
    const reports = store.json<{ reports: unknown[] }>('REPORT_LIST', padRsc(sport.code))?.reports.length ?? 0;
    const shows = (layout: Layout | undefined) => {
      if (!layout) return false;
      if (layout.document === 'REPORT_LIST') return reports > 0;
      return (byType.get(layout.document) ?? []).some((doc) => layoutHasData(layout, doc));
    };
    const missing = [
      ...sport.unitTabs.filter((tab) => !shows(sport.layouts.tabs[tab])).map((tab) => `tab:${tab}`),
      ...Object.keys(sport.pages)
        .filter((page) => !shows(sport.layouts.pages[page]))
        .map((page) => `page:${page}`),
    ];
    return { code: sport.code, units: documents.DT_RESULT ?? 0, documents, reports, missing, feed, examples };
  });
}
