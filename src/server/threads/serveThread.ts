import { writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

/** What a service thread does, as `top -H`, `ps -L` and bench:ingest show it (`podium-<role>`). */
export type ThreadRole = 'render' | 'receiver' | 'writer' | 'deriver';

/**
 * Names this thread `podium-<role>` on Linux (a thread may rename itself through
 * /proc/thread-self/comm), so an operator and the benches can tell a render from the writer.
 * Elsewhere, or when not allowed, the thread keeps its name.
 */
function nameThread(role: ThreadRole): void {
  try {
    writeFileSync('/proc/thread-self/comm', `podium-${role}`);
  } catch {
    // Not Linux: nothing to name.
  }
}

/**
 * The thread's side of ThreadPool: answers each task with `handle` (one at a time, in order), an
 * error as its message. Called once the thread is ready (its store open, its modules loaded).
 *
 * Every service thread keeps the process's priority: at nice 10 under 32 readers at full load, the
 * writer applied 1 to 9 messages a second, a receiver waited for a processor longer than it
 * worked, and a render ran a twentieth of a core, so a result waited seconds for its page
 * (bench:ingest, ingest to page p99 8.7 s). What the feed changes is what readers wait for.
 */
export function serveThread<Task, Answer>(role: ThreadRole, handle: (task: Task) => Promise<Answer> | Answer): void {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs in a worker thread');
  nameThread(role);
  port.on('message', async ({ id, task }: { id: number; task: Task }) => {
    try {
      port.postMessage({ id, answer: await handle(task) });
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
