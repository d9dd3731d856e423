import type { LiveEvent } from '../../core/live/channels';
import type { Db } from '../store/database';

/** A document's write as the live channels carry it: its event and its place in the sequence. */
export interface Change {
  readonly seq: number;
  readonly event: LiveEvent;
}

interface ChangeRow {
  readonly seq: number;
  readonly type: string;
  readonly code: string;
  readonly version: number;
  readonly etag: string;
}

const toChange = (row: ChangeRow): Change => ({
  seq: row.seq,
  event: { type: row.type, code: row.code, version: row.version, etag: row.etag },
});

/**
 * The store's writes in order (`documents.seq`, migration 9), read without bodies: what a server
 * process sends its live subscribers, whoever wrote them (the writer, its deriver, a command).
 */
export class StoreChanges {
  private readonly statements;
  constructor(db: Db) {
    this.statements = {
      latest: db.prepare('SELECT coalesce(max(seq), 0) FROM documents').pluck(),
      since: db.prepare<[number, number], ChangeRow>(
        'SELECT seq, type, code, version, etag FROM documents WHERE seq > ? ORDER BY seq LIMIT ?',
      ),
      of: db.prepare<[string, string, number], ChangeRow>(
        'SELECT seq, type, code, version, etag FROM documents WHERE type = ? AND code = ? AND seq > ?',
      ),
    };
  }

  /** The number of the latest write. */
  latest(): number {
    return this.statements.latest.get() as number;
  }

  /** The writes after `seq`, oldest first, at most `limit`. */
  since(seq: number, limit = 1000): Change[] {
    return this.statements.since.all(seq, limit).map(toChange);
  }

  /** Of these documents, those written after `seq` (a subscriber resuming), oldest first. */
  ofSince(documents: readonly { type: string; code: string }[], seq: number): Change[] {
    return documents
      .flatMap(({ type, code }) => this.statements.of.all(type, code, seq).map(toChange))
      .sort((a, b) => a.seq - b.seq);
  }
}
