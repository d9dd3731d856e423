import type { Ingestor } from './ingest';
import { isStorageError } from './ingestAnswer';

/** What a drain of the queue did: messages applied, and why it stopped early if it did. */
export interface DrainReport {
  readonly applied: number;
  readonly batches: number;
  /** The store could not be written (full, failing): the rest stays queued for the next drain. */
  readonly stalled?: string;
}

export interface DrainOptions {
  /** Messages per batch (one transaction, one derive). */
  readonly maxMessages?: number;
  /** Reading a batch stops after this long (ms): the write lock is not held behind a long burst. */
  readonly maxMs?: number;
  /** Between batches (ms): receivers take the write lock to log what arrives meanwhile. */
  readonly pauseMs?: number;
  /** Derived documents are made by the deriver beside the writer (deriverThread.ts), not here. */
  readonly deriveBeside?: boolean;
}

/**
 * Applies one batch; a fault that is not the store's is looked for message by message, so one
 * message the service cannot apply is settled as such (and logged) and never holds the others.
 * Returns how many messages were settled (0: the queue is empty).
 */
export function applyBatch(ingestor: Ingestor, limits: Omit<DrainOptions, 'pauseMs'> = {}): number {
  try {
    return ingestor.applyQueued(limits).length;
  } catch (error) {
    if (isStorageError(error)) throw error;
    const [first] = ingestor.log.queued(1);
    if (!first) return 0;
    try {
      return ingestor.applyQueued({ ...limits, maxMessages: 1 }).length;
    } catch (alone) {
      if (isStorageError(alone)) throw alone;
      console.error(`podium: message ${first.id} could not be applied: ${(alone as Error).stack ?? String(alone)}`);
      ingestor.failQueued(first.id, alone as Error);
      return 1;
    }
  }
}

/** A batch reads for at least this long (ms), and at most for `MAX_READ_MS`. */
const MIN_READ_MS = 100;
const MAX_READ_MS = 1000;

/**
 * Applies the queue in batches until it is empty, pausing between batches. Behind a burst, a batch
 * reads for as long as the last one took (within MIN_READ_MS and MAX_READ_MS): the more the derived
 * documents cost, the more messages share their rebuild.
 */
export async function drainQueue(
  ingestor: Ingestor,
  { pauseMs = 5, ...limits }: DrainOptions = {},
): Promise<DrainReport> {
  let applied = 0;
  let batches = 0;
  let lastMs = 0;
  for (;;) {
    let settled: number;
    const started = performance.now();
    try {
      settled = applyBatch(ingestor, {
        maxMs: Math.min(MAX_READ_MS, Math.max(MIN_READ_MS, lastMs)),
        ...limits,
      });
      lastMs = performance.now() - started;
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? '');
      return { applied, batches, stalled: `${code}: ${(error as Error).message}` };
    }
    if (settled === 0) return { applied, batches };
    applied += settled;
    batches += 1;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
