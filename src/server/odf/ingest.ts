import type { DeriveRunner } from '../derive/runner';
import type { Db } from '../store/database';
import { sha256, type DocumentStore } from '../store/documents';
import { decodeMessage } from './decode';
import { readEnvelope, type Envelope } from './envelope';
import { IngestError } from './errors';
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
  /** Keep each accepted message's XML in the message log (every version, for audit and replay). */
  readonly keepXml?: boolean;
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
  private readonly logMessage;
  private readonly putFacts;
  private readonly getFacts;
  private readonly competitorFacts;
  constructor(
    private readonly store: DocumentStore,
    db: Db,
    private readonly derive: DeriveRunner,
    private readonly options: IngestOptions,
  ) {
    this.logMessage = db.prepare(
      `INSERT INTO messages (type, code, version, status, received_at, source, outcome, sha256, xml)
       VALUES (@type, @code, @version, @status, @receivedAt, @source, @outcome, @sha256, @xml)`,
    );
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
    let parsed: { envelope: Envelope; body: OdfElement; text: string };
    try {
      const text = decodeMessage(bytes, this.options.maxMessageBytes);
      const { root, element } = parseXml(text);
      parsed = { envelope: readEnvelope(root, element), body: element, text };
    } catch (error) {
      if (error instanceof IngestError) return { outcome: 'rejected', source, error };
      return {
        outcome: 'rejected',
        source,
        error: new IngestError('not-xml', `message could not be read: ${(error as Error).message}`),
      };
    }
    const { envelope, body, text } = parsed;
    const refused = this.refusal(envelope);
    if (refused) return { outcome: 'rejected', source, error: refused };
    return this.store.transaction(() => {
      const outcome = this.apply(envelope, body, source);
      this.logMessage.run({
        type: envelope.documentType,
        code: envelope.documentCode,
        version: envelope.version,
        status: envelope.resultStatus ?? null,
        receivedAt: new Date().toISOString(),
        source,
        outcome: outcome.outcome,
        sha256: sha256(text),
        xml: outcome.outcome === 'stored' && this.options.keepXml !== false ? text : null,
      });
      if (outcome.outcome === 'stored' && !deferDerive) this.derive.flush();
      return outcome;
    });
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
