import type { MessageFilter, MessageRow } from '../store/messageLog';
import { isDoorRefusal } from './errors';
import type { Ingestor } from './ingest';

/** What replaying one logged message did. */
export interface ReplayLine {
  readonly id: number;
  /** The outcome of the replay, or `not-kept` when the log no longer holds its bytes. */
  readonly outcome: 'stored' | 'unchanged' | 'ignored' | 'rejected' | 'not-kept' | 'no-such-message';
  readonly detail: string;
}

/**
 * Ingests logged messages again, oldest first, as the feed sent them (the bytes as received), each
 * logged anew with source `replay:<id>`. For a message refused before a fix (a CompetitionCode added
 * to the configuration, a Version corrected) or to rebuild a store from its log.
 */
export function replayMessages(ingestor: Ingestor, ids: readonly number[]): ReplayLine[] {
  const lines: ReplayLine[] = [];
  let stored = false;
  for (const id of [...ids].sort((a, b) => a - b)) {
    const row = ingestor.log.get(id);
    if (!row) {
      lines.push({ id, outcome: 'no-such-message', detail: `no message #${id} in the log` });
      continue;
    }
    if (!row.body) {
      lines.push({ id, outcome: 'not-kept', detail: `its bytes are not kept (${keptWhy(row)})` });
      continue;
    }
    const result = ingestor.ingest(row.body, `replay:${id}`, { deferDerive: true });
    if (result.outcome === 'stored') stored = true;
    const what = result.outcome === 'rejected' ? undefined : result.envelope;
    lines.push({
      id,
      outcome: result.outcome,
      detail:
        result.outcome === 'rejected'
          ? result.error.message
          : result.outcome === 'stored'
            ? `${what!.documentType} ${what!.documentCode} Version ${what!.version}`
            : result.reason,
    });
  }
  if (stored) ingestor.flush();
  return lines;
}

/** The ids a filter selects, for `replay` by outcome, type or time rather than by id. */
export function selectedIds(ingestor: Ingestor, filter: MessageFilter): number[] {
  return ingestor.log.list({ limit: 100_000, ...filter }).map((row) => row.id);
}

function keptWhy(row: MessageRow): string {
  if (row.error === 'too-large') return 'refused for its size';
  if (isDoorRefusal(row.error)) return 'refused before it was read';
  if (row.outcome === 'version-corrected') return "an operator's correction, not a message";
  return 'pruned by PODIUM_MESSAGE_LOG_MB';
}
