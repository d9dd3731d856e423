import { createHash } from 'node:crypto';
import type { OdfElement } from '../odf/normalise';
import { readMessage } from '../odf/readMessage';
import { mergeScheduleUpdate } from '../odf/scheduleUpdate';
import { addTraditionalTwins } from '../odf/traditional';
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

/**
 * A stored document whose body no longer matches its ETag (its bytes were changed on disk, outside
 * Podium) and that could not be rebuilt: not served. Its message is for people.
 */
export class DamagedDocumentError extends Error {
  constructor(
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DamagedDocumentError';
  }
}

/** What was found of a document whose stored body does not match its stored ETag. */
interface Damage {
  /** The stored ETag it was found under (a new version is looked at afresh). */
  readonly etag: string;
  /** Its body as the feed sent it, rebuilt from the message log; undefined: refused. */
  readonly rebuilt: StoredDocument | undefined;
  /** Whether the rebuilt body is in the store again (the row is sound now). */
  readonly writtenBack: boolean;
  /** For the log: the message it was rebuilt from, or why it could not be. */
  readonly account: string;
  /** Why a refused document is not served, for its readers. */
  readonly refusal: string;
}

interface LoggedMessageRow {
  id: number;
  sha256: string | null;
  body: Buffer | null;
}

/** A discipline's schedule, and the messages that change it in place (merged in by ingest). */
const SCHEDULE = 'DT_SCHEDULE';
const SCHEDULE_UPDATE = 'DT_SCHEDULE_UPDATE';

/** Documents kept in memory for reads: a burst on one live result is answered without SQLite. */
const CACHE_LIMIT = 4096;
const DATA_VERSION_CHECK_MS = 100;
/**
 * Document versions whose body was found to match its ETag (or written by this store): a refill of
 * the cache after another connection's commit reads the row again but does not hash it again. A
 * games has a few thousand documents (the demo games 6,470); an entry is about 150 bytes.
 */
const VERIFIED_LIMIT = 65_536;
const DAMAGE_LIMIT = 1024;

/**
 * Reads and writes documents; callers group writes in `transaction` (one message, one transaction).
 * Reads go through an in-memory cache, emptied on this store's own writes and whenever SQLite's
 * `data_version` says another connection (an ingest command beside the server) committed.
 *
 * A body read from SQLite is served only if it matches its strong ETag, checked once per document
 * version (`verified`): SQLite keeps no checksum of a row, so a byte changed in the file would be
 * served as current under the old ETag. A feed document found damaged is rebuilt from its message's
 * bytes in the message log (checked against their sha256, and the result against the ETag), and
 * written back; one that cannot be, or a derived one, is refused: `get` and the listings leave it out
 * (so a writer stores its next version over it: the deriver's next run, the feed's next message),
 * `json` throws a DamagedDocumentError, `damage` says why, and `etag` no longer gives its stored ETag.
 * Each is said once in the service's log (by each process that reads it), on a `podium:` line naming
 * the document. Only the body is covered by its ETag: a changed version or status goes unseen.
 */
export class DocumentStore {
  private readonly statements;
  private readonly cache = new Map<string, StoredDocument>();
  /** ETags alone, of documents read or checked (an absent document's is ''). */
  private readonly etags = new Map<string, string>();
  /** The ETag each document's stored body was last found to match. */
  private readonly verified = new Map<string, string>();
  /** Documents found damaged, by key (kept across refills: a rebuild is made once per version). */
  private readonly damaged = new Map<string, Damage>();
  /** Documents refused since the caches were last emptied (looked at again after another's commit). */
  private readonly refused = new Set<string>();
  private dataVersion = -1;
  private checkedAt = 0;
  private changes = 0;
  constructor(readonly db: Db) {
    this.statements = {
      get: db.prepare<[string, string], Row>('SELECT * FROM documents WHERE type = ? AND code = ?'),
      etag: db.prepare<[string, string]>('SELECT etag FROM documents WHERE type = ? AND code = ?').pluck(),
      stored: db.prepare<[string, string], { version: number; derived: number }>(
        'SELECT version, derived FROM documents WHERE type = ? AND code = ?',
      ),
      derivedCodes: db.prepare<[string]>('SELECT code FROM documents WHERE type = ? AND derived = 1').pluck(),
      byType: db.prepare<[string], Row>('SELECT * FROM documents WHERE type = ? ORDER BY code'),
      listing: db.prepare<[], { type: string; code: string; etag: string }>(
        'SELECT type, code, etag FROM documents ORDER BY type, code',
      ),
      typeEtags: db.prepare<[string], { code: string; etag: string }>(
        'SELECT code, etag FROM documents WHERE type = ? ORDER BY code',
      ),
      put: db.prepare(
        `INSERT INTO documents (type, code, version, status, received_at, etag, body, derived, seq)
         VALUES (@type, @code, @version, @status, @receivedAt, @etag, @body, @derived,
           (SELECT coalesce(max(seq), 0) + 1 FROM documents))
         ON CONFLICT (type, code) DO UPDATE SET version = excluded.version, status = excluded.status,
           received_at = excluded.received_at, etag = excluded.etag, body = excluded.body,
           derived = excluded.derived, seq = excluded.seq`,
      ),
      remove: db.prepare<[string, string]>('DELETE FROM documents WHERE type = ? AND code = ?'),
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM documents'),
      all: db.prepare<[], Row>('SELECT * FROM documents ORDER BY type, code'),
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
      // The message that made a stored version; never pruned while it is current (messageLog.ts).
      message: db.prepare<[string, string, number], LoggedMessageRow>(
        `SELECT id, sha256, body FROM messages WHERE type = ? AND code = ? AND version = ?
           AND outcome = 'stored' AND body IS NOT NULL ORDER BY id DESC`,
      ),
      // The schedule updates stored after a schedule message, in the order they were merged in.
      updates: db.prepare<[string, number], LoggedMessageRow>(
        `SELECT id, sha256, body FROM messages
         WHERE type = '${SCHEDULE_UPDATE}' AND code = ? AND outcome = 'stored' AND id > ? ORDER BY id`,
      ),
      // A note for the derivers, as a writer leaves one (derive/runner.ts): a start that finds one
      // rebuilds every derived document.
      note: db.prepare("INSERT OR IGNORE INTO derive_pending (input, code) VALUES (?, '*')"),
      repair: db.prepare(
        `UPDATE documents SET body = @body
         WHERE type = @type AND code = @code AND etag = @etag AND version = @version AND received_at = @receivedAt`,
      ),
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
      this.refused.clear();
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

  /** The current version of a document; undefined when there is none, or it is refused (`damage`). */
  get(type: string, code: string): StoredDocument | undefined {
    this.checkOtherWrites();
    const key = `${type}/${code}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    if (this.refused.has(key)) return undefined;
    const row = this.statements.get.get(type, code);
    if (!row) return undefined;
    const doc = this.checked(key, row);
    if (!doc) return undefined;
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, doc);
    return doc;
  }

  /**
   * Why a stored document is not served (its stored copy is damaged and could not be rebuilt), in
   * people's words; undefined when it is not refused. Asked when `get` found nothing.
   */
  damage(type: string, code: string): string | undefined {
    const key = `${type}/${code}`;
    return this.refused.has(key) ? this.damaged.get(key)?.refusal : undefined;
  }

  /**
   * The row as served: its body when it matches its ETag (hashed once per version), the feed's body
   * rebuilt from the message log when it does not, or undefined (refused).
   */
  private checked(key: string, row: Row): StoredDocument | undefined {
    if (this.verified.get(key) === row.etag) return fromRow(row);
    if (strongEtag(row.body) === row.etag) {
      this.remember(key, row.etag);
      this.damaged.delete(key);
      return fromRow(row);
    }
    let damage = this.damaged.get(key);
    const known = damage?.etag === row.etag;
    if (!damage || !known) damage = this.rebuild(row);
    // Written back when it can be without waiting: the row is sound again, for every process.
    if (damage.rebuilt && !damage.writtenBack && this.writeBack(row, damage.rebuilt.body)) {
      damage = { ...damage, writtenBack: true };
      this.remember(key, row.etag);
    }
    if (this.damaged.size >= DAMAGE_LIMIT && !this.damaged.has(key)) {
      const oldest = this.damaged.keys().next().value!;
      this.damaged.delete(oldest);
      this.refused.delete(oldest);
    }
    this.damaged.set(key, damage);
    if (!known) {
      console.error(`podium: ${row.type} ${row.code}: ${this.told(row, damage)}`);
      if (row.derived === 1) this.writeNow(() => this.statements.note.run(row.type));
    }
    if (damage.rebuilt) return damage.rebuilt;
    if (!this.refused.has(key)) {
      this.refused.add(key);
      this.etags.delete(key);
      this.changes += 1;
    }
    return undefined;
  }

  /** The service log's line on a damaged document (after its name). */
  private told(row: Row, damage: Damage): string {
    const found = `its stored body no longer matches its ETag ${row.etag} (the store's file was changed outside Podium)`;
    if (!damage.rebuilt) return `${found}; not served: ${damage.account}`;
    const kept = damage.writtenBack ? 'and written back' : 'served from memory until it can be written back';
    return `${found}; ${damage.account}, ${kept}`;
  }

  /**
   * A feed document's body again, from the bytes of the message that stored its version: read as
   * ingest reads them (readMessage, Traditional twins added), a schedule with the updates stored
   * after it merged in, and taken only when the result has the stored ETag. A derived document is
   * not in the log: its deriver makes it again.
   */
  private rebuild(row: Row): Damage {
    const name = `${row.type} ${row.code}`;
    const refused = (account: string, until: string): Damage => ({
      etag: row.etag,
      rebuilt: undefined,
      writtenBack: false,
      account: `${account}; ${until}`,
      refusal: `${name} is not available: its stored copy is damaged and could not be rebuilt; ${until}`,
    });
    if (row.derived === 1)
      return refused('a derived document is not in the message log', 'it is served again once it is derived again');
    const messages = this.statements.message.all(row.type, row.code, row.version);
    // A schedule made by updates alone (no schedule message yet) has Version 0.
    if (row.type === SCHEDULE && row.version === 0 && messages.length === 0)
      messages.push({ id: 0, sha256: null, body: null });
    let why = `no message of its Version ${row.version} is kept in the message log`;
    for (const message of messages) {
      const made = this.madeBy(row, message);
      if (typeof made === 'string') {
        why = made;
        continue;
      }
      return {
        etag: row.etag,
        rebuilt: { ...fromRow(row), body: made.body },
        writtenBack: false,
        account: `rebuilt from the message log (${made.from})`,
        refusal: '',
      };
    }
    return refused(why, 'it is served again once its feed sends it again');
  }

  /** The stored body `message` makes (with a schedule's later updates), or why it does not. */
  private madeBy(row: Row, message: LoggedMessageRow): { body: string; from: string } | string {
    let element = message.id === 0 ? undefined : this.elementOf(message);
    if (typeof element === 'string') return element;
    let body = element === undefined ? '' : JSON.stringify(element);
    if (strongEtag(body) === row.etag) return { body, from: `message ${message.id}` };
    if (row.type !== SCHEDULE)
      return `message ${message.id} of its Version ${row.version} does not make the stored body (a Podium that reads messages otherwise, or a Version set by correct-version)`;
    const ids: number[] = [];
    for (const update of this.statements.updates.all(row.code, message.id)) {
      const merged = this.elementOf(update);
      if (typeof merged === 'string') return merged;
      // As ingest merges it: into the schedule as stored (its JSON read back).
      element = mergeScheduleUpdate(element === undefined ? undefined : (JSON.parse(body) as OdfElement), merged);
      body = JSON.stringify(element);
      ids.push(update.id);
      if (strongEtag(body) === row.etag) {
        const base = message.id === 0 ? '' : `message ${message.id} and `;
        return { body, from: `${base}the schedule updates ${ids.join(', ')} merged in` };
      }
    }
    return `message ${message.id} of its Version ${row.version} and the schedule updates kept after it do not make the stored body`;
  }

  /** A logged message's body as ingest stores it, or why it cannot be had. */
  private elementOf(message: LoggedMessageRow): OdfElement | string {
    if (message.body === null) return `message ${message.id} in the message log no longer keeps its bytes`;
    if (message.sha256 !== sha256(message.body))
      return `message ${message.id} in the message log is damaged too (its bytes do not match their sha256)`;
    const read = readMessage(message.body, Number.POSITIVE_INFINITY, undefined);
    if ('error' in read) return `message ${message.id} in the message log no longer reads: ${read.error.message}`;
    addTraditionalTwins(read.body);
    return read.body;
  }

  /** Puts a rebuilt body back in its row, unless the row changed meanwhile (`writeNow`). */
  private writeBack(row: Row, body: string): boolean {
    const { type, code, etag, version, received_at: receivedAt } = row;
    return this.writeNow(
      () => this.statements.repair.run({ body, type, code, etag, version, receivedAt }).changes === 1,
    );
  }

  /**
   * A write made from a read, if it can be made at once: never inside a transaction (it may yet roll
   * back), never waiting for another process's write lock (a read must not block). False when not.
   */
  private writeNow(write: () => unknown): boolean {
    if (this.db.inTransaction) return false;
    let busyTimeout: unknown;
    try {
      busyTimeout = this.db.pragma('busy_timeout', { simple: true });
      this.db.pragma('busy_timeout = 0');
      return write() !== false;
    } catch {
      // SQLITE_BUSY (another process writes), or this connection is still reading rows (`all`).
      return false;
    } finally {
      if (typeof busyTimeout === 'number') this.db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  }

  private remember(key: string, etag: string): void {
    if (this.verified.size >= VERIFIED_LIMIT && !this.verified.has(key))
      this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(key, etag);
  }

  /**
   * The current ETag of a document ('' when there is none), without reading its body: what a kept
   * page checks on every request, so it stays cheap right after a commit emptied the caches. A
   * refused document's is not its stored one: no page made while it was refused is kept as current.
   */
  etag(type: string, code: string): string {
    this.checkOtherWrites();
    const key = `${type}/${code}`;
    if (this.refused.has(key)) return `damaged:${this.damaged.get(key)?.etag ?? ''}`;
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

  /** A document's version and whether it is derived, read without its body (damaged or not). */
  stored(type: string, code: string): { readonly version: number; readonly derived: boolean } | undefined {
    const row = this.statements.stored.get(type, code);
    return row && { version: row.version, derived: row.derived === 1 };
  }

  /** The codes of a type's derived documents, read without their bodies. */
  derivedCodes(type: string): string[] {
    return this.statements.derivedCodes.all(type) as string[];
  }

  /** Looks for other connections' commits at the next read (one that is known to have happened). */
  refresh(): void {
    this.checkedAt = 0;
  }

  /** A document's JSON; undefined when there is none; a refused one throws a DamagedDocumentError. */
  json<T = unknown>(type: string, code: string): T | undefined {
    const doc = this.get(type, code);
    if (doc) return JSON.parse(doc.body) as T;
    const damage = this.damage(type, code);
    if (damage !== undefined) throw new DamagedDocumentError(type, code, damage);
    return undefined;
  }

  /** The documents of a type, by code; a refused one is left out. */
  listByType(type: string): StoredDocument[] {
    const documents: StoredDocument[] = [];
    for (const row of this.statements.byType.all(type)) {
      const doc = this.checked(`${row.type}/${row.code}`, row);
      if (doc) documents.push(doc);
    }
    return documents;
  }

  /**
   * The stored ETags of a type's documents, as one key ("code/etag,..."): what a cache built from
   * them checks before it builds again, without reading (and verifying) their bodies.
   */
  typeEtags(type: string): string {
    return this.statements.typeEtags
      .all(type)
      .map((row) => `${row.code}/${row.etag}`)
      .join(',');
  }

  /**
   * Every document's type, code and stored ETag, without its body: what an export compares with the
   * last one's before it reads (and verifies) only the documents that changed.
   */
  listing(): { type: string; code: string; etag: string }[] {
    return this.statements.listing.all();
  }

  /** Every document, by type and code; a refused one is left out. */
  *all(): IterableIterator<StoredDocument> {
    for (const row of this.statements.all.iterate()) {
      const doc = this.checked(`${row.type}/${row.code}`, row);
      if (doc) yield doc;
    }
  }

  count(): number {
    return this.statements.count.get()?.n ?? 0;
  }

  /**
   * Writes a document; returns false (and writes nothing) when the body is byte-for-byte the same
   * (unless the stored row is damaged: then it is written, and sound again).
   */
  put(write: DocumentWrite): boolean {
    const body = typeof write.body === 'string' ? write.body : JSON.stringify(write.body);
    const etag = strongEtag(body);
    const key = `${write.type}/${write.code}`;
    const existing = this.get(write.type, write.code);
    const sound = this.damaged.get(key)?.writtenBack ?? true;
    if (existing && existing.etag === etag && existing.version === write.version && sound) return false;
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
    this.forget(key);
    // Its body is the one just hashed: a read need not hash it again.
    this.remember(key, etag);
    this.checkedAt = 0;
    this.changes += 1;
    return true;
  }

  remove(type: string, code: string): void {
    this.statements.remove.run(type, code);
    this.forget(`${type}/${code}`);
    this.changes += 1;
  }

  /** Drops what is known of a document this store just wrote or removed. */
  private forget(key: string): void {
    this.cache.delete(key);
    this.etags.delete(key);
    this.refused.delete(key);
    this.damaged.delete(key);
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
      this.refused.clear();
      this.changes += 1;
      throw error;
    }
  }
}
