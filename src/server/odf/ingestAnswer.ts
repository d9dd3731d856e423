import type { DoorRefusal, IngestErrorCode } from './errors';

export type { DoorRefusal } from './errors';
import type { IngestOutcome } from './ingest';

/** A message to ingest, as the ingest thread takes it. */
export interface IngestTask {
  readonly body: Uint8Array;
  readonly source: string;
  /** Refused at the door: only logged. */
  readonly refused?: DoorRefusal;
}

/** What the service answers about an ingested message: plain data, so a thread can send it. */
export type IngestAnswer =
  | {
      readonly outcome: 'stored' | 'unchanged' | 'ignored';
      readonly documentType: string;
      readonly documentCode: string;
      readonly version: number;
      readonly reason?: string;
    }
  | { readonly outcome: 'rejected'; readonly error: { readonly code: IngestErrorCode; readonly message: string } }
  /** The store could not take it (a full disk): nothing was written; the sender should retry. */
  | { readonly outcome: 'unavailable'; readonly error: { readonly code: 'storage'; readonly message: string } };

/** SQLite's and the system's words for a store that cannot be written (full, or failing). */
const STORAGE_ERRORS = /^(SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|ENOSPC|EIO|EROFS|EDQUOT)/;

/**
 * Ingests with `ingest`, answering a store that cannot be written as `unavailable` (its transaction
 * rolled back, so nothing is half-written) rather than as an internal error; other errors propagate.
 */
export function ingestSafely(ingest: () => IngestOutcome): IngestAnswer {
  try {
    return ingestAnswer(ingest());
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (!STORAGE_ERRORS.test(code)) throw error;
    return {
      outcome: 'unavailable',
      error: {
        code: 'storage',
        message: `the message was not stored: the store cannot be written (${code}: ${(error as Error).message}); send it again once the disk has room`,
      },
    };
  }
}

export function ingestAnswer(result: IngestOutcome): IngestAnswer {
  if (result.outcome === 'rejected')
    return { outcome: 'rejected', error: { code: result.error.code, message: result.error.message } };
  const { documentType, documentCode, version } = result.envelope;
  return {
    outcome: result.outcome,
    documentType,
    documentCode,
    version,
    ...('reason' in result ? { reason: result.reason } : {}),
  };
}
