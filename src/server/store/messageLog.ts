import type { Db } from './database';
import { sha256 } from './documents';

/**
 * What became of a received message: `queued` until the service's one writer applies it (the log is
 * the queue: odf/ingestWriter.ts); `version-corrected` is an operator's entry, not a message.
 */
export const MESSAGE_OUTCOMES = ['queued', 'stored', 'unchanged', 'ignored', 'rejected', 'version-corrected'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];
export const isMessageOutcome = (value: string): value is MessageOutcome =>
  (MESSAGE_OUTCOMES as readonly string[]).includes(value);

/** One received message as the log keeps it. */
export interface LoggedMessage {
  readonly source: string;
  readonly outcome: MessageOutcome;
  /** Why it was not stored as new, in people's words. */
  readonly reason?: string | undefined;
  /** The stable code of a rejection (IngestErrorCode). */
  readonly error?: string | undefined;
  /** From its envelope, when that could be read. */
  readonly type?: string | undefined;
  readonly code?: string | undefined;
  readonly version?: number | undefined;
  readonly status?: string | undefined;
  /** Its size as received (a body refused at the door, for its size or encoding, is not kept; its size is). */
  readonly size: number;
  /** The bytes as ingested (decompressed when sent compressed); undefined when refused at the door. */
  readonly body?: Uint8Array | undefined;
}

/** A row of the log, without its body. */
export interface MessageRow {
  readonly id: number;
  readonly receivedAt: string;
  readonly source: string;
  readonly outcome: MessageOutcome;
  readonly reason: string | null;
  readonly error: string | null;
  readonly type: string | null;
  readonly code: string | null;
  readonly version: number | null;
  readonly status: string | null;
  readonly size: number;
  /** Whether its bytes are still kept (not pruned, not refused for size). */
  readonly kept: boolean;
}

export interface MessageFilter {
  readonly outcome?: MessageOutcome;
  readonly type?: string;
  readonly code?: string;
  /** ISO time: received at or after. */
  readonly since?: string;
  /** Newest first, at most this many. */
  readonly limit?: number;
}

/** How much of the log is kept: bodies up to a total size, rows up to an age. */
export interface MessageLogLimits {
  readonly maxBytes: number;
  readonly maxAgeDays: number;
}

/** A queued message as the writer takes it. */
export interface QueuedMessage {
  readonly id: number;
  readonly source: string;
  readonly body: Buffer;
}

/** What the writer settled a queued message as, with its envelope where it could be read. */
export interface Settlement {
  readonly outcome: Exclude<MessageOutcome, 'queued' | 'version-corrected'>;
  readonly reason?: string | undefined;
  readonly error?: string | undefined;
  readonly type?: string | undefined;
  readonly code?: string | undefined;
  readonly version?: number | undefined;
  readonly status?: string | undefined;
}

/** A logged message's outcome as a sender is told it. */
export type LoggedOutcome = Pick<MessageRow, 'id' | 'outcome' | 'reason' | 'error' | 'type' | 'code' | 'version'>;

export const DEFAULT_MESSAGE_LOG_LIMITS: MessageLogLimits = { maxBytes: 4096 * 1024 * 1024, maxAgeDays: 90 };

/**
 * A row that made a document's current version is never pruned: with it the store can always be
 * rebuilt from the log, whatever the limits. Nor is one still queued: it is a message not applied yet.
 */
const NOT_CURRENT = `m.outcome <> 'queued' AND NOT (m.outcome = 'stored' AND EXISTS (
  SELECT 1 FROM documents d WHERE d.type = m.type AND d.code = m.code AND d.version = m.version))`;

const COLUMNS = `id, received_at AS receivedAt, source, outcome, reason, error, type, code, version, status, size,
  body IS NOT NULL AS kept`;

/**
 * Every message received, whatever became of it (stored, unchanged, ignored as older, rejected), with
 * its reason and its bytes as received, so an operator can look at it and replay it
 * (`npm run messages`). Bounded: the oldest bodies go when they pass `maxBytes` in total, rows when
 * they pass `maxAgeDays`; checked as messages arrive and when the store opens.
 */
export class MessageLog {
  private readonly insert;
  private readonly statements;
  private sinceCheck = { bytes: 0, rows: 0 };
  constructor(
    private readonly db: Db,
    private readonly limits: MessageLogLimits = DEFAULT_MESSAGE_LOG_LIMITS,
  ) {
    this.insert = db.prepare(
      `INSERT INTO messages (received_at, source, outcome, reason, error, type, code, version, status, size, sha256, body)
       VALUES (@receivedAt, @source, @outcome, @reason, @error, @type, @code, @version, @status, @size, @sha256, @body)`,
    );
    this.statements = {
      queued: db.prepare<[number], QueuedMessage>(
        "SELECT id, source, body FROM messages WHERE outcome = 'queued' ORDER BY id LIMIT ?",
      ),
      anyQueued: db.prepare("SELECT EXISTS (SELECT 1 FROM messages WHERE outcome = 'queued')").pluck(),
      // The envelope is known once the writer has read the message (a receiver only logs its bytes).
      settle: db.prepare(
        `UPDATE messages SET outcome = @outcome, reason = @reason, error = @error,
           type = coalesce(@type, type), code = coalesce(@code, code), version = coalesce(@version, version),
           status = coalesce(@status, status)
         WHERE id = @id`,
      ),
      // Never lowered: two writers of one store may note out of order.
      markDerived: db.prepare(
        `INSERT INTO meta (key, value) VALUES ('derived_through', ?) ON CONFLICT (key) DO UPDATE SET
           value = CAST(max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER)) AS TEXT)`,
      ),
      // Messages are settled in the order received: every one before the first still queued.
      settledThrough: db
        .prepare(
          `SELECT coalesce((SELECT min(id) - 1 FROM messages WHERE outcome = 'queued'), (SELECT max(id) FROM messages), 0)`,
        )
        .pluck(),
      derivedThrough: db.prepare("SELECT value FROM meta WHERE key = 'derived_through'").pluck(),
      outcome: db.prepare<[number], LoggedOutcome>(
        'SELECT id, outcome, reason, error, type, code, version FROM messages WHERE id = ?',
      ),
    };
  }

  /** The oldest messages waiting for the writer, in the order received (read one by one). */
  queued(limit: number): IterableIterator<QueuedMessage> {
    return this.statements.queued.iterate(limit);
  }

  /** Whether any message waits for the writer. */
  get anyQueued(): boolean {
    return this.statements.anyQueued.get() === 1;
  }

  /**
   * Records what the writer made of a queued message (in the writer's transaction); its `size`
   * counts toward the next prune, which the writer makes (receivers only append).
   */
  settle(id: number, settlement: Settlement, size = 0): void {
    this.statements.settle.run({ id, outcome: settlement.outcome, ...optionalColumns(settlement) });
    this.arrived(size);
  }

  /** Notes that the derived documents of every message up to `id` are written (the writer's). */
  markDerived(id: number): void {
    this.statements.markDerived.run(String(id));
  }

  /** The last message such that it and every one before it are settled. */
  settledThrough(): number {
    return this.statements.settledThrough.get() as number;
  }

  /** The last message whose derived documents are written (0: none noted). */
  derivedThrough(): number {
    return Number(this.statements.derivedThrough.get() ?? 0);
  }

  /** A message's outcome so far (`queued` until applied); undefined for an unknown id. */
  outcomeOf(id: number): LoggedOutcome | undefined {
    return this.statements.outcome.get(id);
  }

  record(message: LoggedMessage, receivedAt = new Date()): number {
    const body = message.body
      ? Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength)
      : null;
    const { lastInsertRowid } = this.insert.run({
      receivedAt: receivedAt.toISOString(),
      source: message.source,
      outcome: message.outcome,
      ...optionalColumns(message),
      size: message.size,
      sha256: body ? sha256(body) : null,
      body,
    });
    this.arrived(body?.byteLength ?? 0);
    return Number(lastInsertRowid);
  }

  /** Counts a row (and its bytes) toward the next prune. */
  private arrived(bytes: number): void {
    this.sinceCheck.bytes += bytes;
    this.sinceCheck.rows += 1;
  }

  /** Prunes when enough has arrived since the last look (a fiftieth of the size limit, or 500 rows). */
  pruneIfDue(now = new Date()): void {
    if (this.sinceCheck.bytes < this.limits.maxBytes / 50 && this.sinceCheck.rows < 500) return;
    this.prune(now);
  }

  /** Applies the limits: rows older than the age limit go, then the oldest bodies over the size limit. */
  prune(now = new Date()): { rows: number; bodies: number } {
    this.sinceCheck = { bytes: 0, rows: 0 };
    return this.db.transaction(() => {
      const oldest = new Date(now.getTime() - this.limits.maxAgeDays * 86_400_000).toISOString();
      const rows = this.db.prepare(`DELETE FROM messages AS m WHERE m.received_at < ? AND ${NOT_CURRENT}`).run(oldest);
      const total = this.db
        .prepare('SELECT coalesce(sum(size), 0) FROM messages WHERE body IS NOT NULL')
        .pluck()
        .get() as number;
      let excess = total - this.limits.maxBytes;
      let bodies = 0;
      if (excess > 0) {
        const candidates = this.db
          .prepare(`SELECT id, size FROM messages AS m WHERE m.body IS NOT NULL AND ${NOT_CURRENT} ORDER BY id`)
          .iterate() as IterableIterator<{ id: number; size: number }>;
        const drop = this.db.prepare('UPDATE messages SET body = NULL WHERE id = ?');
        const ids: number[] = [];
        for (const { id, size } of candidates) {
          if (excess <= 0) break;
          ids.push(id);
          excess -= size;
        }
        for (const id of ids) drop.run(id);
        bodies = ids.length;
      }
      return { rows: rows.changes, bodies };
    })();
  }

  list(filter: MessageFilter = {}): MessageRow[] {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      args.push(value);
    };
    if (filter.outcome) add('outcome = ?', filter.outcome);
    if (filter.type) add('type = ?', filter.type);
    if (filter.code) add('code = ?', filter.code);
    if (filter.since) add('received_at >= ?', filter.since);
    const sql = `SELECT ${COLUMNS} FROM messages ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY id DESC LIMIT ?`;
    return (
      this.db.prepare(sql).all(...args, filter.limit ?? 100) as (Omit<MessageRow, 'kept'> & { kept: number })[]
    ).map((row) => ({ ...row, kept: row.kept === 1 }));
  }

  get(id: number): (MessageRow & { readonly body: Buffer | null }) | undefined {
    const row = this.db.prepare(`SELECT ${COLUMNS}, body FROM messages WHERE id = ?`).get(id) as
      (Omit<MessageRow, 'kept'> & { kept: number; body: Buffer | null }) | undefined;
    return row && { ...row, kept: row.kept === 1 };
  }
}

/** A row's columns that a message or a settlement may leave out, as SQL NULLs. */
function optionalColumns(row: Omit<Settlement, 'outcome'>) {
  return {
    reason: row.reason ?? null,
    error: row.error ?? null,
    type: row.type ?? null,
    code: row.code ?? null,
    version: row.version ?? null,
    status: row.status ?? null,
  };
}
