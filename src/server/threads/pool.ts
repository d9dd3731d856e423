import { Worker } from 'node:worker_threads';
import { threadEntry } from './threadEntry';

/**
 * Worker threads running one module (see `serveThread`), each handling one task at a time: work
 * that would hold the event loop (a page render, a large ingest) runs there, while the service's
 * thread keeps answering documents, cached pages and /v.json. A thread that dies fails its tasks
 * with a clear error and is replaced; tasks never wait on a dead thread.
 */
export class ThreadPool<Task, Answer> {
  private readonly threads: Thread<Answer>[] = [];
  private readonly queue: Queued<Task, Answer>[] = [];
  private nextId = 1;
  private closed = false;
  /** Why the threads could not start, once none is left. */
  private failure: Error | undefined;

  constructor(
    private readonly module: URL,
    size: number,
    private readonly data: Record<string, unknown> = {},
    private readonly name = 'podium',
  ) {
    for (let i = 0; i < Math.max(1, size); i += 1) this.threads.push(this.start());
  }

  /** Settles once every thread has started (or failed to): a service listens after it. */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.failure || this.closed || this.threads.every((t) => t.ready)) resolve();
        else setTimeout(check, 20);
      };
      check();
    });
  }

  /**
   * Runs a task on the first idle thread (queued until one is idle). `transfer` moves buffers to the
   * thread instead of copying them (a 22 MB message copied would hold this thread for milliseconds);
   * the caller must not use them afterwards.
   */
  run(task: Task, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error(`${this.name}: the thread pool is closed`));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ task, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks waiting for a thread, and threads at work. */
  get load(): { queued: number; busy: number } {
    return { queued: this.queue.length, busy: this.threads.filter((t) => t.current).length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) queued.reject(new Error(`${this.name}: the service is stopping`));
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private start(): Thread<Answer> {
    const entry = threadEntry(this.module);
    const worker = entry.throughTsx
      ? new Worker(new URL('./boot.mjs', import.meta.url), {
          workerData: { ...this.data, module: entry.url.href },
          name: this.name,
        })
      : new Worker(entry.url, { workerData: this.data, name: this.name });
    const thread: Thread<Answer> = { worker, ready: false };
    worker.on('message', (message: Reply<Answer>) => {
      if (message.ready) {
        thread.ready = true;
        this.dispatch();
        return;
      }
      const current = thread.current;
      if (!current || current.id !== message.id) return;
      thread.current = undefined;
      if (message.error !== undefined) current.reject(new Error(message.error));
      else current.resolve(message.answer as Answer);
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(thread, error));
    worker.on('exit', (code) => this.lost(thread, new Error(`the thread stopped (exit code ${code})`)));
    // The pool must not keep a stopping process alive.
    worker.unref();
    return thread;
  }

  /** A thread died: its task fails (not the others), and a new thread takes its place. */
  private lost(thread: Thread<Answer>, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index === -1) return;
    thread.current?.reject(new Error(`${this.name}: ${error.message}`));
    thread.current = undefined;
    this.threads.splice(index, 1);
    if (this.closed) return;
    if (thread.ready) {
      this.threads.push(this.start());
      return;
    }
    // It never started: starting again would fail the same way.
    if (this.threads.length > 0) return;
    this.failure = new Error(`${this.name}: no thread could start: ${error.message}`);
    for (const queued of this.queue.splice(0)) queued.reject(this.failure);
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (!thread.ready || thread.current) continue;
      const queued = this.queue.shift()!;
      const id = this.nextId++;
      thread.current = { id, resolve: queued.resolve, reject: queued.reject };
      thread.worker.postMessage({ id, task: queued.task }, queued.transfer);
    }
  }
}

interface Queued<Task, Answer> {
  task: Task;
  transfer: ArrayBuffer[];
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

interface Thread<Answer> {
  worker: Worker;
  ready: boolean;
  current?: { id: number; resolve: (answer: Answer) => void; reject: (error: Error) => void };
}

type Reply<Answer> = { ready: true; id?: undefined } | { ready?: false; id: number; answer?: Answer; error?: string };
