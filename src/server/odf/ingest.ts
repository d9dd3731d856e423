import type { DeriveRunner, Seen } from '../derive/runner';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { MessageLog, type MessageLogLimits, type QueuedMessage } from '../store/messageLog';
import type { Envelope } from './envelope';
import { IngestError, type DoorRefusal } from './errors';
import type { OdfElement } from './normalise';
import { readMessage, type ReadMessage, type Unreadable } from './readMessage';
import { mergeScheduleUpdate } from './scheduleUpdate';
import { addTraditionalTwins } from './traditional';
import { UNIT_FACTS_INPUTS, unitFactsOf } from './unitFacts';
import { CompetitorFacts } from '../derive/competitorsFacts';

type Rejected = { readonly outcome: 'rejected'; readonly source: string; readonly error: IngestError };
export type IngestOutcome =
  | { readonly outcome: 'stored'; readonly envelope: Envelope; readonly source: string }
  | { readonly outcome: 'unchanged'; readonly envelope: Envelope; readonly source: string; readonly reason: string }
  | { readonly outcome: 'ignored'; readonly envelope: Envelope; readonly source: string; readonly reason: string }
  | Rejected;

/** A posted message as the log took it: queued for the writer, or refused at the door. */
export type Received = { readonly outcome: 'queued'; readonly id: number } | (Rejected & { readonly id: number });

/** How a receiver runs its one write to the log. */
export type LogWrite = <T>(record: () => T) => T;

/** A queued message the writer applied, by its log id. */
export interface SettledMessage {
  readonly id: number;
  readonly outcome: IngestOutcome;
}

/** Types whose messages change a stored document rather than replace it (merged in by code). */
const SCHEDULE_UPDATE = 'DT_SCHEDULE_UPDATE';
const SCHEDULE = 'DT_SCHEDULE';

export interface IngestOptions {
  readonly maxMessageBytes: number;
  /** How much of the message log is kept (every message received, with its bytes, for audit and replay). */
  readonly messageLog?: MessageLogLimits;
  /** The CompetitionCodes of this games (a message naming another is refused); undefined: any. */
  readonly competitionCodes?: readonly string[];
}

/**
 * How far above the stored Version a message may be. A feed numbers a document's versions one by
 * one; a far larger number is a mistake that would make every later correction look old. An operator
 * who means it lowers the stored Version first (`npm run correct-version`).
 */
export const MAX_VERSION_JUMP = 1000;

/**
 * Takes ODF messages in: decode, parse, validate the envelope, order by Version, store, and note
 * which derived documents are stale. Posted messages are received (logged as queued) and applied
 * later in batches by the one writer; commands ingest at once. Either way a transaction that fails
 * at any step leaves the store as it was.
 */
export class Ingestor {
  readonly log: MessageLog;
  private readonly putFacts;
  private readonly getFacts;
  private readonly competitorFacts;
  constructor(
    private readonly store: DocumentStore,
    db: Db,
    private readonly derive: DeriveRunner,
    private readonly options: IngestOptions,
  ) {
    this.log = new MessageLog(db, options.messageLog);
    this.putFacts = db.prepare(
      `INSERT INTO unit_facts (code, discipline, status, organisations, records) VALUES (@code, @discipline, @status, @organisations, @records)
       ON CONFLICT (code) DO UPDATE SET discipline = excluded.discipline, status = excluded.status,
         organisations = excluded.organisations, records = excluded.records`,
    );
    this.getFacts = db.prepare('SELECT discipline, status, organisations, records FROM unit_facts WHERE code = ?');
    this.competitorFacts = new CompetitorFacts(db);
  }

  /**
   * Ingests one message at once (commands, the demo, replays): logged and applied in one
   * transaction. With `deferDerive`, derived documents are rebuilt later by `flush()` (bulk loads);
   * otherwise before this returns. The service takes posted messages through `receive` instead.
   */
  ingest(bytes: Uint8Array, source: string, { deferDerive = false } = {}): IngestOutcome {
    const read = this.read(bytes);
    if ('error' in read) {
      const refused = this.reject(bytes, source, read.error, read.envelope);
      this.pruneLog();
      return refused;
    }
    const { envelope, body } = read;
    const result = this.store.transaction(() => {
      const outcome = this.apply(envelope, body, source);
      this.log.record({
        source,
        outcome: outcome.outcome,
        ...settlementOf(outcome),
        ...envelopeFields(envelope),
        size: bytes.byteLength,
        body: bytes,
      });
      if (outcome.outcome === 'stored' && !deferDerive) this.derive.flush();
      return outcome;
    });
    this.pruneLog();
    return result;
  }

  /**
   * Takes a posted message into the log, durably, without reading it: `queued` for the writer
   * (applyQueued), which reads it, applies it or says why not. Only this short write happens here
   * (the writer prunes the log), so receivers cost little and never wait behind the writer's work.
   * `write` runs the log's write (store/writeWhenFree.ts: in the first gap the writer leaves).
   */
  receive(bytes: Uint8Array, source: string, write: LogWrite = (record) => record()): Received {
    const id = write(() => this.log.record({ source, outcome: 'queued', size: bytes.byteLength, body: bytes }));
    return { outcome: 'queued', id };
  }

  /**
   * Applies the oldest queued messages, in the order received, in one transaction, each settled in
   * the log; then the derived documents they touch are rebuilt once for all of them (a burst costs
   * one rebuild, not one per message). Messages are read before the write lock is taken, and
   * derived documents made without it, so the lock is held for the writes alone. At most
   * `maxMessages`, and no more once reading took `maxMs` or `maxBytes` were read.
   */
  applyQueued({
    maxMessages = 2000,
    maxMs = 100,
    maxBytes = 64 * 1024 * 1024,
    deriveBeside = false,
  } = {}): SettledMessage[] {
    const started = performance.now();
    const batch: { message: QueuedMessage; read: ReadMessage | Unreadable }[] = [];
    let bytes = 0;
    // Breaking out ends the read of the queue (the iterator's return).
    for (const message of this.log.queued(maxMessages)) {
      batch.push({ message, read: this.read(message.body) });
      bytes += message.body.byteLength;
      if (performance.now() - started > maxMs || bytes > maxBytes) break;
    }
    if (batch.length === 0) return [];
    const t0 = performance.now(); // the write lock asked for
    const settled = this.store.transaction(() => {
      // Under the write lock, as it is now: another writer of this store (a second service on the
      // same folder) may have applied some meanwhile; those are not applied twice.
      this.store.refresh();
      const settled: SettledMessage[] = [];
      for (const { message, read } of batch) {
        if (this.log.outcomeOf(message.id)?.outcome !== 'queued') continue;
        const outcome =
          'error' in read
            ? ({ outcome: 'rejected', source: message.source, error: read.error } as const)
            : this.apply(read.envelope, read.body, message.source);
        const envelope = 'envelope' in read ? read.envelope : undefined;
        this.log.settle(
          message.id,
          { outcome: outcome.outcome, ...settlementOf(outcome), ...(envelope ? envelopeFields(envelope) : {}) },
          message.body.byteLength,
        );
        settled.push({ id: message.id, outcome });
      }
      return settled;
    });
    if (process.env.PODIUM_DERIVE_TIMES)
      console.log(
        `apply ${batch.length} messages: read ${(t0 - started).toFixed(1)} ms, write ${(performance.now() - t0).toFixed(1)} ms with the write lock`,
      );
    // Committed: the messages' own documents are served from here on; what derives from them
    // follows once rebuilt, here or by the deriver beside this writer (odf/deriverThread.ts) from
    // the notes in the store (so a crash in between loses nothing).
    if (deriveBeside) this.derive.forget();
    else this.rebuildDerived({ read: () => batch.at(-1)!.message.id, write: (id) => this.log.markDerived(id) });
    this.pruneLog();
    return settled;
  }

  /**
   * Rebuilds what the applied messages change, outside the write lock (DeriveRunner). A failure
   * leaves its notes for the next batch (or the next start) and is said, never thrown: the
   * messages are applied already. Once written, the log says so for the messages they answer
   * (their senders are answered then: a sender reads its own write in derived documents too).
   */
  private rebuildDerived(through: Seen<number>): void {
    try {
      this.derive.flushOutsideLock(through);
    } catch (error) {
      console.error(`podium: derived documents could not be rebuilt yet: ${(error as Error).stack ?? String(error)}`);
    }
  }

  /**
   * The deriver's work (odf/deriverThread.ts): the derived documents of every message applied so
   * far, made and written; the log then says which messages they answer. False when none waited.
   */
  deriveApplied(): boolean {
    if (!this.derive.pending) return false;
    this.derive.flushOutsideLock({ read: () => this.log.settledThrough(), write: (id) => this.log.markDerived(id) });
    return true;
  }

  /** Settles a queued message the service failed to apply (a fault of its own): logged, kept to replay. */
  failQueued(id: number, error: Error): void {
    this.log.settle(id, {
      outcome: 'rejected',
      error: 'internal',
      reason: `the service could not apply it (${error.message}); nothing changed; replay it once fixed (npm run messages -- replay ${id})`,
    });
  }

  /**
   * Logs a message refused before it was read whole (over the size limit, an unknown
   * Content-Encoding, a body that does not decompress): its size and reason are kept, its bytes not.
   */
  refuseAtDoor({ code, message, size }: DoorRefusal, source: string): Received {
    const error = new IngestError(code, message);
    const id = this.log.record({ source, outcome: 'rejected', reason: error.message, error: error.code, size });
    return { outcome: 'rejected', id, source, error };
  }

  /** Logs a refused message with its reason (and its bytes, unless refused for their size). */
  private reject(bytes: Uint8Array, source: string, error: IngestError, envelope?: Envelope): Rejected {
    this.log.record({
      source,
      outcome: 'rejected',
      reason: error.message,
      error: error.code,
      ...(envelope ? envelopeFields(envelope) : {}),
      size: bytes.byteLength,
      body: error.code === 'too-large' ? undefined : bytes,
    });
    return { outcome: 'rejected', source, error };
  }

  /** Keeps the log within its limits; a prune that fails (a full disk) waits for the next message. */
  private pruneLog(): void {
    try {
      this.log.pruneIfDue();
    } catch (error) {
      console.error(`podium: the message log could not be pruned: ${(error as Error).message}`);
    }
  }

  private read(bytes: Uint8Array): ReadMessage | Unreadable {
    return readMessage(bytes, this.options.maxMessageBytes, this.options.competitionCodes);
  }

  /** Why a well-formed message is refused against the store: a Version far ahead of the stored one. */
  private versionJump(envelope: Envelope): IngestError | undefined {
    const stored = this.store.get(envelope.documentType, envelope.documentCode);
    if (stored && envelope.version > stored.version + MAX_VERSION_JUMP) {
      return new IngestError(
        'version-jump',
        `Version ${envelope.version} is more than ${MAX_VERSION_JUMP} above the stored Version ${stored.version}; if the feed renumbered, set the stored Version with \`npm run correct-version -- ${envelope.documentType} ${envelope.documentCode} <version>\``,
      );
    }
    return undefined;
  }

  /** Rebuilds derived documents after deferred ingests (one transaction). */
  flush(): string[] {
    return this.store.transaction(() => this.derive.flush());
  }

  private apply(envelope: Envelope, body: OdfElement, source: string): IngestOutcome {
    const jump = this.versionJump(envelope);
    if (jump) return { outcome: 'rejected', source, error: jump };
    const { documentType: type, documentCode: code, version } = envelope;
    const stored = this.store.get(type, code);
    if (stored && stored.version > version) {
      return {
        outcome: 'ignored',
        envelope,
        source,
        reason: `Version ${version} is older than the stored Version ${stored.version}`,
      };
    }
    addTraditionalTwins(body);
    if (stored && stored.version === version) {
      const same = stored.body === JSON.stringify(body);
      return {
        outcome: 'unchanged',
        envelope,
        source,
        reason: same
          ? `Version ${version} is already stored`
          : `Version ${version} is already stored with other content; a change needs a higher Version`,
      };
    }
    this.store.put({ type, code, version, status: envelope.resultStatus ?? null, body });
    this.derive.touch(type, code);
    if (type === SCHEDULE_UPDATE) this.applyScheduleUpdate(code, body);
    if (type === 'DT_RESULT') {
      const facts = unitFactsOf(code, envelope.resultStatus, body);
      const row = {
        code,
        discipline: facts.discipline,
        status: facts.status ?? null,
        organisations: JSON.stringify(facts.organisations),
        records: JSON.stringify(facts.records),
      };
      const before = this.getFacts.get(code) as Omit<typeof row, 'code'> | undefined;
      // A new version that changes no fact (a live score) rebuilds nothing that reads the facts.
      const same =
        before !== undefined &&
        before.discipline === row.discipline &&
        before.status === row.status &&
        before.organisations === row.organisations &&
        before.records === row.records;
      if (!same) {
        this.putFacts.run(row);
        if (before?.organisations !== row.organisations) this.derive.touch(UNIT_FACTS_INPUTS.organisations);
        if (before?.records !== row.records || before?.discipline !== row.discipline)
          this.derive.touch(UNIT_FACTS_INPUTS.records);
      }
    }
    const results = this.competitorFacts.record(type, code, envelope.resultStatus, body);
    if (results) this.derive.touch(results.input, results.buckets);
    return { outcome: 'stored', envelope, source };
  }

  /** Merges a schedule update into the discipline's schedule, which keeps its own Version. */
  private applyScheduleUpdate(code: string, update: OdfElement): void {
    const schedule = this.store.get(SCHEDULE, code);
    const merged = mergeScheduleUpdate(schedule ? (JSON.parse(schedule.body) as OdfElement) : undefined, update);
    this.store.put({ type: SCHEDULE, code, version: schedule?.version ?? 0, status: null, body: merged });
    this.derive.touch(SCHEDULE);
  }
}

/** What the log keeps of an outcome beside its name: the reason, and a rejection's code. */
function settlementOf(outcome: IngestOutcome): { reason?: string; error?: string } {
  if (outcome.outcome === 'rejected') return { reason: outcome.error.message, error: outcome.error.code };
  return 'reason' in outcome ? { reason: outcome.reason } : {};
}

function envelopeFields(envelope: Envelope) {
  return {
    type: envelope.documentType,
    code: envelope.documentCode,
    version: envelope.version,
    status: envelope.resultStatus,
  };
}
