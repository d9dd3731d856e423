import type { Service, ServiceOptions } from '../service';
import type { MessageLog } from '../store/messageLog';
import { ThreadPool } from '../threads/pool';
import { drainQueue, type DrainReport } from './drainQueue';
import { loggedAnswer, type IngestAnswer } from './ingestAnswer';

/** How often the writer looks at the queue unasked: what a lost wake-up costs at most. */
const LOOK_EVERY_MS = 1000;

/**
 * The one writer of the whole service (issue 46): receivers log each message as `queued` and wake
 * it; it applies the queue in order, in batches (drainQueue.ts). One per store: the single server
 * process has its own; with several (start.ts), the cluster's primary runs it and the servers wake
 * it through the primary. It also looks unasked every second, and at once when started, so a
 * restart applies what a stopped one left queued.
 */
export class IngestWriter {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private stalled: string | undefined;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly drain: () => Promise<DrainReport>,
    private readonly closeDrain: () => Promise<void>,
    readonly ready: Promise<void>,
  ) {
    this.timer = setInterval(() => this.wake(), LOOK_EVERY_MS).unref();
    void ready.then(() => this.wake());
  }

  /**
   * On a thread of its own, with its own connection to the store in `dataDir`, and its deriver on
   * another (deriverThread.ts): messages are applied while derived documents are made.
   */
  static threaded(options: ServiceOptions & { readonly dataDir: string }): IngestWriter {
    const pool = new ThreadPool<Record<string, never>, DrainReport>(
      new URL('./writerThread.ts', import.meta.url),
      1,
      { ...options },
      'podium writer',
    );
    const deriver = new ThreadPool<Record<string, never>, number>(
      new URL('./deriverThread.ts', import.meta.url),
      1,
      { ...options },
      'podium deriver',
    );
    let deriving: Promise<unknown> | undefined;
    let closing = false;
    const derive = () => {
      // It runs while the writer leaves notes, and stops a second after the last.
      deriving ??= deriver
        .run({})
        .catch((error: unknown) => {
          // Stopped with the service: its notes stay in the store for the next start.
          if (!closing) console.error(`podium: the deriver failed: ${(error as Error).message}`);
        })
        .finally(() => (deriving = undefined));
    };
    return new IngestWriter(
      () => {
        derive();
        return pool.run({});
      },
      () => {
        closing = true;
        return Promise.all([pool.close(), deriver.close()]).then(() => undefined);
      },
      Promise.all([pool.ready(), deriver.ready()]).then(() => undefined),
    );
  }

  /** On the calling thread (a store in memory, or PODIUM_INGEST_THREAD=0). */
  static inline(service: Service): IngestWriter {
    return new IngestWriter(
      () => drainQueue(service.ingestor),
      async () => {},
      Promise.resolve(),
    );
  }

  /** Applies what is queued, now or right after the drain under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then((report) => this.report(report))
      .catch((error: unknown) => console.error(`podium: the ingest writer failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = undefined;
        if (!this.again) return;
        this.again = false;
        this.wake();
      });
  }

  /** Stops after the drain under way; what is still queued waits in the log for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await this.closeDrain();
  }

  /** A stalled store is said once, and again once it recovers. */
  private report(report: DrainReport): void {
    if (report.stalled && report.stalled !== this.stalled)
      console.error(`podium: queued messages wait: the store cannot be written (${report.stalled})`);
    else if (!report.stalled && this.stalled && report.applied > 0)
      console.error('podium: the store can be written again: queued messages applied');
    this.stalled = report.stalled;
  }
}

/**
 * How long an applied message's answer waits for its derived documents (ms): a quiet service makes
 * them within it (the sender then reads its own write in the medal table too); a busy one answers
 * anyway, so a relay that sends one message after another keeps the feed's pace (with 32 readers
 * at full load a round of derived documents took seconds: bench:ingest).
 */
const DERIVED_GRACE_MS = 1000;

/**
 * A queued message's answer once the writer settled it (and wrote what derives from it, within
 * DERIVED_GRACE_MS), or what the log says after `timeoutMs` (`queued` still: the sender is told its
 * log id; the message will be applied in its turn).
 */
export async function settledAnswer(log: MessageLog, id: number, timeoutMs: number): Promise<IngestAnswer> {
  const deadline = Date.now() + timeoutMs;
  let settledAt: number | undefined;
  let wait = 2;
  for (;;) {
    const row = log.outcomeOf(id);
    if (!row) throw new Error(`message ${id} is not in the log`);
    if (row.outcome !== 'queued') settledAt ??= Date.now();
    // A refusal derives nothing: it is answered as soon as it is settled.
    const done =
      row.outcome === 'rejected' ||
      (settledAt !== undefined && (log.derivedThrough() >= id || Date.now() - settledAt >= DERIVED_GRACE_MS));
    if (done || Date.now() >= deadline) return loggedAnswer(row);
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(20, wait * 2);
  }
}
