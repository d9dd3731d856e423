import type { DeriveRunner } from '../derive/runner';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { MessageLog, type MessageLogLimits } from '../store/messageLog';
import { decodeMessage } from './decode';
import { readEnvelope, type Envelope } from './envelope';
import { IngestError, type DoorRefusal } from './errors';
import { parseXml, type OdfElement } from './normalise';
import { mergeScheduleUpdate } from './scheduleUpdate';
import { addTraditionalTwins } from './traditional';
import { unitFactsOf } from './unitFacts';
import { CompetitorFacts } from '../derive/competitorsFacts';

export type IngestOutcome =
  | { readonly outcome: 'stored'; readonly envelope: Envelope; readonly source: string }
  | { readonly outcome: 'unchanged'; readonly envelope: Envelope; readonly source: string; readonly reason: string }
  | { readonly outcome: 'ignored'; readonly envelope: Envelope; readonly source: string; readonly reason: string }
  | { readonly outcome: 'rejected'; readonly source: string; readonly error: IngestError };

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
 * which derived documents are stale. One message is one transaction: a message that fails at any
 * step leaves the store as it was.
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
   * Ingests one message. With `deferDerive`, derived documents are rebuilt later by `flush()`
   * (bulk loads); otherwise before this returns, in the same transaction.
   */
  ingest(bytes: Uint8Array, source: string, { deferDerive = false } = {}): IngestOutcome {
    let parsed: { envelope: Envelope; body: OdfElement };
    try {
      const text = decodeMessage(bytes, this.options.maxMessageBytes);
      const { root, element } = parseXml(text);
      parsed = { envelope: readEnvelope(root, element), body: element };
    } catch (error) {
      const refused =
        error instanceof IngestError
          ? error
          : new IngestError('not-xml', `message could not be read: ${(error as Error).message}`);
      return this.reject(bytes, source, refused);
    }
    const { envelope, body } = parsed;
    const refused = this.refusal(envelope);
    if (refused) return this.reject(bytes, source, refused, envelope);
    const result = this.store.transaction(() => {
      const outcome = this.apply(envelope, body, source);
      this.log.record({
        source,
        outcome: outcome.outcome,
        reason: 'reason' in outcome ? outcome.reason : undefined,
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
   * Logs a message refused before it was read whole (over the size limit, an unknown
   * Content-Encoding, a body that does not decompress): its size and reason are kept, its bytes not.
   */
  refuseAtDoor({ code, message, size }: DoorRefusal, source: string): IngestOutcome {
    const error = new IngestError(code, message);
    this.log.record({ source, outcome: 'rejected', reason: error.message, error: error.code, size });
    this.pruneLog();
    return { outcome: 'rejected', source, error };
  }

  /** Logs a refused message with its reason (and its bytes, unless refused for their size). */
  private reject(bytes: Uint8Array, source: string, error: IngestError, envelope?: Envelope): IngestOutcome {
    this.log.record({
      source,
      outcome: 'rejected',
      reason: error.message,
      error: error.code,
      ...(envelope ? envelopeFields(envelope) : {}),
      size: bytes.byteLength,
      body: error.code === 'too-large' ? undefined : bytes,
    });
    this.pruneLog();
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

  /** Why a well-formed message is still refused: another games', or a Version far ahead. */
  private refusal(envelope: Envelope): IngestError | undefined {
    const codes = this.options.competitionCodes;
    const competition = envelope.competitionCode;
    if (codes && competition !== undefined && !codes.includes(competition)) {
      return new IngestError(
        'other-games',
        `CompetitionCode "${competition}" is not this games' (${codes.join(', ')}); set PODIUM_COMPETITION_CODES if it should be`,
      );
    }
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
        this.derive.touch('table:unit_facts');
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

function envelopeFields(envelope: Envelope) {
  return {
    type: envelope.documentType,
    code: envelope.documentCode,
    version: envelope.version,
    status: envelope.resultStatus,
  };
}
