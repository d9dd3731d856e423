import { createHash } from 'node:crypto';
import type { Db } from './database';

/** A document as stored: the current version of one (type, code), its JSON body and strong ETag. */
export interface StoredDocument {
  readonly type: string;
  readonly code: string;
  readonly version: number;
  readonly status: string | null;
  readonly receivedAt: string;
  readonly etag: string;
  /** The JSON text served as is (computed once at write, so reads do no serialisation). */
  readonly body: string;
  readonly derived: boolean;
}

interface Row {
  type: string;
  code: string;
  version: number;
  status: string | null;
  received_at: string;
  etag: string;
  body: string;
  derived: number;
}

const fromRow = (row: Row): StoredDocument => ({
  type: row.type,
  code: row.code,
  version: row.version,
  status: row.status,
  receivedAt: row.received_at,
  etag: row.etag,
  body: row.body,
  derived: row.derived === 1,
});

/** A strong ETag of the exact bytes served. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface DocumentWrite {
  readonly type: string;
  readonly code: string;
  readonly version: number;
  readonly status?: string | null;
  readonly body: unknown;
  readonly derived?: boolean;
  readonly receivedAt?: string;
}

/** Documents kept in memory for reads: a burst on one live result is answered without SQLite. */
const CACHE_LIMIT = 4096;
const DATA_VERSION_CHECK_MS = 100;

/**
 * Reads and writes documents; callers group writes in `transaction` (one message, one transaction).
 * Reads go through an in-memory cache, emptied on this store's own writes and whenever SQLite's
 * `data_version` says another connection (an ingest command beside the server) committed.
 */
export class DocumentStore {
  private readonly statements;
  private readonly cache = new Map<string, StoredDocument>();
  /** ETags alone, of documents read or checked (an absent document's is ''). */
  private readonly etags = new Map<string, string>();
  private dataVersion = -1;
  private checkedAt = 0;
  private changes = 0;
  constructor(readonly db: Db) {
    this.statements = {
      get: db.prepare<[string, string], Row>('SELECT * FROM documents WHERE type = ? AND code = ?'),
      etag: db.prepare<[string, string]>('SELECT etag FROM documents WHERE type = ? AND code = ?').pluck(),
      byType: db.prepare<[string], Row>('SELECT * FROM documents WHERE type = ? ORDER BY code'),
      put: db.prepare(
        `INSERT INTO documents (type, code, version, status, received_at, etag, body, derived)
         VALUES (@type, @code, @version, @status, @receivedAt, @etag, @body, @derived)
         ON CONFLICT (type, code) DO UPDATE SET version = excluded.version, status = excluded.status,
           received_at = excluded.received_at, etag = excluded.etag, body = excluded.body, derived = excluded.derived`,
      ),
      remove: db.prepare<[string, string]>('DELETE FROM documents WHERE type = ? AND code = ?'),
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM documents'),
      all: db.prepare<[], Row>('SELECT * FROM documents ORDER BY type, code'),
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
    };
  }

  /** Empties the caches when another connection committed (noticed within DATA_VERSION_CHECK_MS). */
  private checkOtherWrites(): void {
    const now = Date.now();
    if (now - this.checkedAt < DATA_VERSION_CHECK_MS) return;
    this.checkedAt = now;
    const version = this.statements.dataVersion.get() as number;
    if (version !== this.dataVersion) {
      this.cache.clear();
      this.etags.clear();
      this.dataVersion = version;
      this.changes += 1;
    }
  }

  /**
   * A number that changes whenever a document may have changed (this store wrote one, or another
   * connection committed, seen within DATA_VERSION_CHECK_MS): what a watcher compares before it
   * looks at the documents it depends on.
   */
  generation(): number {
    this.checkOtherWrites();
    return this.changes;
  }

  get(type: string, code: string): StoredDocument | undefined {
    this.checkOtherWrites();
    const key = `${type}/${code}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const row = this.statements.get.get(type, code);
    if (!row) return undefined;
    const doc = fromRow(row);
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, doc);
    return doc;
  }

  /**
   * The current ETag of a document ('' when there is none), without reading its body: what a kept
   * page checks on every request, so it stays cheap right after a commit emptied the caches.
   */
  etag(type: string, code: string): string {
    this.checkOtherWrites();
    const key = `${type}/${code}`;
    const document = this.cache.get(key);
    if (document) return document.etag;
    let etag = this.etags.get(key);
    if (etag === undefined) {
      etag = (this.statements.etag.get(type, code) as string | undefined) ?? '';
      if (this.etags.size >= CACHE_LIMIT * 4) this.etags.delete(this.etags.keys().next().value!);
      this.etags.set(key, etag);
    }
    return etag;
  }

  /** Looks for other connections' commits at the next read (one that is known to have happened). */
  refresh(): void {
    this.checkedAt = 0;
  }

  json<T = unknown>(type: string, code: string): T | undefined {
    const doc = this.get(type, code);
    return doc ? (JSON.parse(doc.body) as T) : undefined;
  }

  listByType(type: string): StoredDocument[] {
    return this.statements.byType.all(type).map(fromRow);
  }

  *all(): IterableIterator<StoredDocument> {
    for (const row of this.statements.all.iterate()) yield fromRow(row);
  }

  count(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  /** Writes a document; returns false (and writes nothing) when the body is byte-for-byte the same. */
  put(write: DocumentWrite): boolean {
    const body = typeof write.body === 'string' ? write.body : JSON.stringify(write.body);
    const etag = strongEtag(body);
    const existing = this.get(write.type, write.code);
    if (existing && existing.etag === etag && existing.version === write.version) return false;
    this.statements.put.run({
      type: write.type,
      code: write.code,
      version: write.version,
      status: write.status ?? null,
      receivedAt: write.receivedAt ?? new Date().toISOString(),
      etag,
      body,
      derived: write.derived ? 1 : 0,
    });
    this.cache.delete(`${write.type}/${write.code}`);
    this.etags.delete(`${write.type}/${write.code}`);
    this.checkedAt = 0;
    this.changes += 1;
    return true;
  }

  remove(type: string, code: string): void {
    this.statements.remove.run(type, code);
    this.cache.delete(`${type}/${code}`);
    this.etags.delete(`${type}/${code}`);
    this.changes += 1;
  }

  /** A rolled-back transaction may leave cached documents it wrote: the cache is emptied then. */
  transaction<T>(work: () => T): T {
    try {
      // IMMEDIATE takes the write lock at BEGIN: a deferred transaction that reads and then writes
      // fails at once (no busy wait) when another process wrote in between.
      return this.db.transaction(work).immediate();
    } catch (error) {
      this.cache.clear();
      this.etags.clear();
      this.changes += 1;
      throw error;
    }
  }
}
