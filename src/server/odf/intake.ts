import type { ServiceConfig } from '../config';
import { serviceOptions, type Service } from '../service';
import { writeWhenFree } from '../store/writeWhenFree';
import { ThreadPool } from '../threads/pool';
import { receiveSafely, type DoorRefusal, type IngestAnswer, type IngestTask } from './ingestAnswer';
import { IngestWriter, settledAnswer } from './ingestWriter';
import type { LogWrite } from './ingest';

/** How long a sender waits for its message to be applied before it is told `queued` with its log id. */
export const ANSWER_WAIT_MS = 5_000;

/** Takes a posted message in: the answer once it is logged and, within ANSWER_WAIT_MS, applied. */
export type IngestMessage = (body: Buffer, source: string, refused?: DoorRefusal) => Promise<IngestAnswer>;

export interface IntakeOptions {
  readonly config: ServiceConfig;
  /** The store's folder: receiving and writing then run on threads of their own (undefined: here). */
  readonly dataDir?: string | undefined;
  /** Receive on a thread (PODIUM_INGEST_THREAD); needs `dataDir`. */
  readonly thread: boolean;
  /**
   * The service's one writer, when another process runs it (start.ts: the cluster's primary): how
   * to wake it. Undefined: this process has its own.
   */
  readonly wakeWriter?: (() => void) | undefined;
}

/** A server's side of ingest: where messages are received and how the writer learns of them. */
export interface Intake {
  readonly ingest: IngestMessage;
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Received means logged (issue 46): each message is logged, durably, by a receiver before any
 * answer, then applied in order by the one writer; the answer names its log id and what became of
 * it, or that it is still queued. A store that cannot take it now is a 503 to retry, never a 500.
 */
export function createIntake(service: Service, options: IntakeOptions): Intake {
  const { dataDir } = options;
  const receiver =
    options.thread && dataDir
      ? new ThreadPool<IngestTask, IngestAnswer>(
          new URL('./ingestThread.ts', import.meta.url),
          1,
          { ...serviceOptions(options.config), dataDir },
          'podium ingest',
        )
      : undefined;
  const writer = options.wakeWriter
    ? undefined
    : dataDir && options.thread
      ? IngestWriter.threaded({ ...serviceOptions(options.config), dataDir })
      : IngestWriter.inline(service);
  const wake = options.wakeWriter ?? (() => writer?.wake());

  const whenFree: LogWrite = (write) => writeWhenFree(service.db, write);
  const receive = receiver
    ? (body: Buffer, source: string, refused?: DoorRefusal) => {
        // A body that owns its memory whole moves to the thread; a small one (in Node's shared pool) is copied.
        const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
        return receiver.run(
          { body, source, ...(refused === undefined ? {} : { refused }) },
          owned ? [body.buffer as ArrayBuffer] : [],
        );
      }
    : async (body: Buffer, source: string, refused?: DoorRefusal) =>
        receiveSafely(() =>
          refused === undefined
            ? service.ingestor.receive(body, source, whenFree)
            : whenFree(() => service.ingestor.refuseAtDoor(refused, source)),
        );

  const ingest: IngestMessage = async (body, source, refused) => {
    const received = await receive(body, source, refused);
    if (received.outcome !== 'queued') return received;
    wake();
    const answer = await settledAnswer(service.ingestor.log, received.logId, ANSWER_WAIT_MS);
    // The feed that posted it reads its own write: this process looks at once, not within 0.1 s.
    service.store.refresh();
    return answer;
  };
  return {
    ingest,
    ready: Promise.all([receiver?.ready(), writer?.ready]).then(() => undefined),
    close: async () => {
      await Promise.all([receiver?.close(), writer?.stop()]);
    },
  };
}
