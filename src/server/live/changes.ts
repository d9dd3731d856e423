import { CARRIED_BYTES, type LiveEvent } from '../../core/live/channels';
import type { Db } from '../store/database';
import { strongEtag } from '../store/documents';

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
  /** The body when small enough to travel in the event. */
  readonly small: string | null;
}

const toChange = (row: ChangeRow): Change => {
  const body = carried(row);
  return {
    seq: row.seq,
    event: {
      type: row.type,
      code: row.code,
      version: row.version,
      etag: row.etag,
      ...(body !== undefined ? { body } : {}),
    },
  };
};

/** A small body, only when it is the one its ETag names (a damaged copy is never carried). */
function carried({ small, etag }: ChangeRow): unknown {
  if (small === null || strongEtag(small) !== etag) return undefined;
  try {
    return JSON.parse(small) as unknown;
  } catch {
    return undefined;
  }
}

const COLUMNS = `seq, type, code, version, etag,
  CASE WHEN length(CAST(body AS BLOB)) <= ${CARRIED_BYTES} THEN body END AS small`;

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
        `SELECT ${COLUMNS} FROM documents WHERE seq > ? ORDER BY seq LIMIT ?`,
      ),
      of: db.prepare<[string, string, number], ChangeRow>(
        `SELECT ${COLUMNS} FROM documents WHERE type = ? AND code = ? AND seq > ?`,
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
