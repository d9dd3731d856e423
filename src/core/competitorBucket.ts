/**
 * Competitor pages read their data from one of a fixed number of grouped documents, named by a hash
 * of the competitor's code: a games has tens of thousands of competitors, and writing a document for
 * each would cost the ingest about a second, where 256 groups cost a few milliseconds. The server
 * files each competitor under this bucket and the page computes the same one from the code.
 */
export const COMPETITOR_BUCKET_PATTERN = /^[0-9A-F]{2}$/;

/** The bucket ("00" to "FF") of a competitor code: FNV-1a over its UTF-16 units, low byte. */
export function competitorBucket(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i += 1) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash & 0xff).toString(16).toUpperCase().padStart(2, '0');
}
