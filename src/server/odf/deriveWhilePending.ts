import type { Ingestor } from './ingest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DeriveLoopOptions {
  /** How often it looks for the writer's notes while it runs (ms). */
  readonly lookEveryMs?: number;
  /** It returns after this long without notes (ms); the writer wakes it again. */
  readonly idleMs?: number;
  /** After a failure, it waits this long before trying again (ms): the notes stay. */
  readonly afterFailureMs?: number;
}

/**
 * Makes the derived documents of what the writer applied, round after round while notes keep
 * coming (a round covers every message applied before it began); returns the rounds made once
 * none came for `idleMs`.
 */
export async function deriveWhilePending(
  ingestor: Ingestor,
  { lookEveryMs = 20, idleMs = 1000, afterFailureMs = 5000 }: DeriveLoopOptions = {},
): Promise<number> {
  let rounds = 0;
  let idleSince = performance.now();
  for (;;) {
    let made: boolean;
    try {
      made = ingestor.deriveApplied();
    } catch (error) {
      console.error(`podium: derived documents could not be made yet: ${(error as Error).stack ?? String(error)}`);
      await sleep(afterFailureMs);
      continue;
    }
    if (made) {
      rounds += 1;
      idleSince = performance.now();
    } else if (performance.now() - idleSince > idleMs) return rounds;
    await sleep(lookEveryMs);
  }
}
