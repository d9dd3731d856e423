import type { DoorRefusal, IngestErrorCode } from './errors';
import type { IngestOutcome, Received } from './ingest';
import type { LoggedOutcome } from '../store/messageLog';

export type { DoorRefusal } from './errors';

/** A message to take in, as a receiving thread takes it. */
export interface IngestTask {
  readonly body: Uint8Array;
  readonly source: string;
  /** Refused at the door: only logged. */
  readonly refused?: DoorRefusal;
}

/** A message the service applied, named by its row in the message log (`logId`). */
interface Taken {
  readonly outcome: 'stored' | 'unchanged' | 'ignored';
  readonly logId: number;
  readonly documentType: string;
  readonly documentCode: string;
  readonly version: number;
  readonly reason?: string;
}

/** A message logged and not applied yet: it will be, in its turn (its envelope once it is read). */
interface Queued {
  readonly outcome: 'queued';
  readonly logId: number;
  readonly documentType?: string;
  readonly documentCode?: string;
  readonly version?: number;
}

/** What the service answers about a posted message: plain data, so a thread can send it. */
export type IngestAnswer =
  | Taken
  | Queued
  | {
      readonly outcome: 'rejected';
      readonly logId: number;
      readonly error: { readonly code: IngestErrorCode; readonly message: string };
    }
  /** The store could not take it now (full, failing, or held too long): nothing was written; send it again. */
  | {
      readonly outcome: 'unavailable';
      readonly error: { readonly code: 'storage'; readonly message: string };
      /** When to send it again (s): soon for a busy store, later for a full one. */
      readonly retryAfter: number;
    };

/** SQLite's and the system's words for a store that cannot be written now (busy, full, or failing). */
const STORAGE_ERRORS =
  /^(SQLITE_BUSY|SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|ENOSPC|EIO|EROFS|EDQUOT)/;

/** Whether an error says the store cannot be written now (not a fault in the message or the code). */
export const isStorageError = (error: unknown): boolean =>
  STORAGE_ERRORS.test(String((error as { code?: unknown }).code ?? ''));

/**
 * Takes a message in with `receive`, answering a store that cannot be written as `unavailable` (its
 * transaction rolled back, so nothing is half-written) rather than as an internal error.
 */
export function receiveSafely(receive: () => Received): IngestAnswer {
  try {
    return receivedAnswer(receive());
  } catch (error) {
    if (!isStorageError(error)) throw error;
    const code = String((error as { code?: unknown }).code);
    const busy = code.startsWith('SQLITE_BUSY');
    return {
      outcome: 'unavailable',
      retryAfter: busy ? 5 : 30,
      error: {
        code: 'storage',
        message: busy
          ? `the message was not taken: the store stayed busy (${code}); send it again`
          : `the message was not stored: the store cannot be written (${code}: ${(error as Error).message}); send it again once the disk has room`,
      },
    };
  }
}

export function receivedAnswer(received: Received): IngestAnswer {
  if (received.outcome === 'rejected') return { outcome: 'rejected', logId: received.id, error: errorOf(received) };
  return { outcome: 'queued', logId: received.id };
}

/** The answer for a message as its log row says now (queued, or what the writer made of it). */
export function loggedAnswer(row: LoggedOutcome): IngestAnswer {
  if (row.outcome === 'rejected')
    return {
      outcome: 'rejected',
      logId: row.id,
      error: { code: (row.error ?? 'internal') as IngestErrorCode, message: row.reason ?? 'rejected' },
    };
  if (row.outcome === 'queued')
    return {
      outcome: 'queued',
      logId: row.id,
      ...(row.type ? { documentType: row.type } : {}),
      ...(row.code ? { documentCode: row.code } : {}),
      ...(row.version !== null ? { version: row.version } : {}),
    };
  const outcome = row.outcome === 'version-corrected' ? 'stored' : row.outcome;
  return {
    outcome,
    logId: row.id,
    documentType: row.type ?? '',
    documentCode: row.code ?? '',
    version: row.version ?? 0,
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

function errorOf(outcome: Extract<IngestOutcome, { outcome: 'rejected' }>) {
  return { code: outcome.error.code, message: outcome.error.message };
}
