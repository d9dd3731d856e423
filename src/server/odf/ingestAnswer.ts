import type { IngestErrorCode } from './errors';
import type { IngestOutcome } from './ingest';

/** A message to ingest, as the ingest thread takes it. */
export interface IngestTask {
  readonly body: Uint8Array;
  readonly source: string;
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
  | { readonly outcome: 'rejected'; readonly error: { readonly code: IngestErrorCode; readonly message: string } };

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
