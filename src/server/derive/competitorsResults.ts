import { competitorBucket } from '../../core/competitorBucket';
import type { OdfElement } from '../odf/normalise';
import { RESULTS_TABLE, type ResultLine } from './competitorsFacts';
import { medallistsOf, type MedalKind } from './medals';
import type { DerivedDocument, Deriver } from './types';

/** A competitor's line in one unit; absent fields are left out to keep the documents small. */
export interface CompetitorResult {
  unit: string;
  team?: string;
  rank?: string;
  result?: string;
  irm?: string;
  qualification?: string;
  wlt?: string;
  status?: string;
}

/** A medal won, by the competitor or by a team whose composition names the athlete (`team`). */
export interface CompetitorMedal {
  event: string;
  medal: MedalKind;
  team?: string;
}

/** COMPETITOR_RESULTS/{bucket}: the results and medals of the competitors whose codes fall in the bucket. */
export interface ResultsBucket {
  competitors: Record<string, { results: CompetitorResult[]; medals: CompetitorMedal[] }>;
}

/**
 * Each competitor's results and medals, grouped by bucket. Rebuilt on every stored result, so it reads
 * the results table (each unit's lines, taken at ingest), never the results themselves.
 */
export const competitorResultsDeriver: Deriver = {
  name: 'competitorResults',
  inputs: [RESULTS_TABLE, 'DT_MEDALLISTS'],
  owns: ['COMPETITOR_RESULTS'],
  build({ store, db }) {
    const buckets = new Map<string, ResultsBucket>();
    const own = (code: string) => {
      const key = competitorBucket(code);
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { competitors: {} }));
      return (bucket.competitors[code] ??= { results: [], medals: [] });
    };
    const units = db.prepare('SELECT unit, status, lines FROM competitor_results ORDER BY unit').all() as {
      unit: string;
      status: string | null;
      lines: string;
    }[];
    for (const { unit, status, lines } of units) {
      for (const { competitor, ...line } of JSON.parse(lines) as ResultLine[]) {
        own(competitor).results.push({ unit, ...line, ...(status ? { status } : {}) });
      }
    }
    for (const doc of store.listByType('DT_MEDALLISTS')) {
      for (const medallist of medallistsOf(JSON.parse(doc.body) as OdfElement)) {
        const code = medallist.competitor.code;
        if (!code) continue;
        own(code).medals.push({ event: medallist.event, medal: medallist.medal });
        for (const member of medallist.competitor.members ?? []) {
          if (member.code && member.code !== code) {
            own(member.code).medals.push({ event: medallist.event, medal: medallist.medal, team: code });
          }
        }
      }
    }
    return [...buckets]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, body]): DerivedDocument => ({ type: 'COMPETITOR_RESULTS', code, body }));
  },
};
