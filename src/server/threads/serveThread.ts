import { parentPort } from 'node:worker_threads';

/**
 * The thread's side of ThreadPool: answers each task with `handle` (one at a time, in order), an
 * error as its message. Called once the thread is ready (its store open, its modules loaded).
 */
export function serveThread<Task, Answer>(handle: (task: Task) => Promise<Answer> | Answer): void {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs in a worker thread');
  port.on('message', async ({ id, task }: { id: number; task: Task }) => {
    try {
      port.postMessage({ id, answer: await handle(task) });
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
