/**
 * Competitor pages read their data from one of a fixed number of grouped documents, named by a hash
 * of the competitor's code: a games has tens of thousands of competitors, and writing a document for
 * each would cost the ingest about a second. 4,096 groups hold a few competitors each (a games of
 * 22,000 about five): a new result changes the documents, and so the pages, of its own competitors
 * and of few others (256 groups made a live result rewrite 90 competitors' pages), and a reader's
 * page fetches a kilobyte, not the group of a hundred. The server files each competitor under this
 * bucket and the page computes the same one from the code.
 */
export const COMPETITOR_BUCKETS = 4096;
export const COMPETITOR_BUCKET_PATTERN = /^[0-9A-F]{3}$/;

/** The bucket ("000" to "FFF") of a competitor code: FNV-1a over its UTF-16 units, low 12 bits. */
export function competitorBucket(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i += 1) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash & (COMPETITOR_BUCKETS - 1)).toString(16).toUpperCase().padStart(3, '0');
}
