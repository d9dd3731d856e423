import { competitorBucket } from '../../core/competitorBucket';
import type { OdfElement } from '../odf/normalise';
import { RESULTS_TABLE, type ResultLine } from './competitorsFacts';
import type { StoredDocument } from '../store/documents';
import { medallistsOf, type Medallist } from './medals';
import type { DerivedDocument, Deriver } from './types';

import type { ResultsBucket } from '../../../schemas/api';

type UnitLines = { unit: string; status: string | null; lines: string };

/**
 * The medallists of each stored DT_MEDALLISTS, by its ETag: a live result rebuilds a few buckets, and
 * parsing every medallists document again would cost more than the rebuild itself.
 */
const medallistsByEtag = new Map<string, Medallist[]>();
function medallistsOfStored(docs: readonly StoredDocument[]): Medallist[][] {
  const current = new Set(docs.map((doc) => doc.etag));
  for (const etag of medallistsByEtag.keys()) if (!current.has(etag)) medallistsByEtag.delete(etag);
  return docs.map((doc) => {
    let medallists = medallistsByEtag.get(doc.etag);
    if (!medallists) medallistsByEtag.set(doc.etag, (medallists = medallistsOf(JSON.parse(doc.body) as OdfElement)));
    return medallists;
  });
}

/**
 * The results documents of the buckets `wanted` accepts, from the units' lines and the medallists:
 * every bucket for a full build, a changed result's own for a partial one.
 */
function resultsBuckets(
  units: readonly UnitLines[],
  medallists: readonly Medallist[][],
  wanted: (bucket: string) => boolean,
): DerivedDocument[] {
  const buckets = new Map<string, ResultsBucket>();
  const own = (code: string) => {
    const key = competitorBucket(code);
    if (!wanted(key)) return undefined;
    let bucket = buckets.get(key);
    // Keyed by codes from the feed: no prototype, so `constructor` or `__proto__` is a code like any other.
    if (!bucket) buckets.set(key, (bucket = { competitors: Object.create(null) as ResultsBucket['competitors'] }));
    return (bucket.competitors[code] ??= { results: [], medals: [] });
  };
  for (const { unit, status, lines } of units) {
    for (const { competitor, ...line } of JSON.parse(lines) as ResultLine[]) {
      own(competitor)?.results.push({ unit, ...line, ...(status ? { status } : {}) });
    }
  }
  for (const documentMedallists of medallists) {
    for (const medallist of documentMedallists) {
      const code = medallist.competitor.code;
      if (!code) continue;
      own(code)?.medals.push({ event: medallist.event, medal: medallist.medal });
      for (const member of medallist.competitor.members ?? []) {
        if (member.code && member.code !== code) {
          own(member.code)?.medals.push({ event: medallist.event, medal: medallist.medal, team: code });
        }
      }
    }
  }
  return [...buckets]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, body]): DerivedDocument => ({ type: 'COMPETITOR_RESULTS', code, body }));
}

/**
 * Each competitor's results and medals, grouped by bucket. It reads the results table (each unit's
 * lines, taken at ingest), never the results themselves; a changed result rebuilds only the buckets
 * of the competitors in it (or leaving it), reading only those buckets' lines.
 */
export const competitorResultsDeriver: Deriver = {
  name: 'competitorResults',
  inputs: [RESULTS_TABLE, 'DT_MEDALLISTS'],
  owns: ['COMPETITOR_RESULTS'],
  build({ store, db }) {
    const units = db.prepare('SELECT unit, status, lines FROM competitor_results ORDER BY unit').all() as UnitLines[];
    return resultsBuckets(units, medallistsOfStored(store.listByType('DT_MEDALLISTS')), () => true);
  },
  // The results table is touched with the buckets a unit's change affects (`CompetitorFacts.record`).
  affected: (input, code) => (input === RESULTS_TABLE ? [code] : undefined),
  buildPart({ store, db }, codes) {
    // The wanted buckets' lines only (a 5,000-runner race is not read for a swimming heat's change).
    const units = db
      .prepare(
        `SELECT b.unit, r.status, b.lines FROM competitor_result_buckets b JOIN competitor_results r ON r.unit = b.unit
         WHERE b.bucket IN (SELECT value FROM json_each(?)) ORDER BY b.unit, b.bucket`,
      )
      .all(JSON.stringify([...codes])) as UnitLines[];
    return resultsBuckets(units, medallistsOfStored(store.listByType('DT_MEDALLISTS')), (bucket) => codes.has(bucket));
  },
};
