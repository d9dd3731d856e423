import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Lowers this thread's CPU priority (nice 10) on Linux, where a thread has its own: on a busy
 * machine the serving thread gets the cores first, so documents and /v.json do not wait behind a
 * render or an ingest for the scheduler. Elsewhere nothing changes.
 */
function yieldCpuToServingThread(): void {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

/**
 * The thread's side of ThreadPool: answers each task with `handle` (one at a time, in order), an
 * error as its message. Called once the thread is ready (its store open, its modules loaded).
 * `yieldCpu: false` keeps the process's priority (the ingest writer: the feed is not to wait
 * behind readers).
 */
export function serveThread<Task, Answer>(
  handle: (task: Task) => Promise<Answer> | Answer,
  { yieldCpu = true }: { readonly yieldCpu?: boolean } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs in a worker thread');
  // A batch job (the export) has no serving thread to yield to: its threads keep full priority.
  if (yieldCpu && !(workerData as { batch?: boolean } | undefined)?.batch) yieldCpuToServingThread();
  port.on('message', async ({ id, task }: { id: number; task: Task }) => {
    try {
      port.postMessage({ id, answer: await handle(task) });
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
