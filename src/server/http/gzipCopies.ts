import { gzipSync } from 'node:zlib';

/** Below this a gzip copy saves less than its framing costs. */
export const GZIP_MIN_BYTES = 1024;

/**
 * Compressed copies of bodies by their strong ETag, made once and kept while they are asked for
 * often: a body is read far more often than it changes. Bounded: the oldest copy goes first.
 */
export class GzipCopies {
  private readonly copies = new Map<string, Buffer>();
  constructor(private readonly limit: number) {}

  /** The gzip copy of `body`, whose ETag is `etag`. */
  get(etag: string, body: string | Uint8Array): Buffer {
    let copy = this.copies.get(etag);
    if (!copy) {
      copy = gzipSync(body, { level: 6 });
      if (this.copies.size >= this.limit) this.copies.delete(this.copies.keys().next().value!);
      this.copies.set(etag, copy);
    }
    return copy;
  }
}
