import type { Db } from './database';

/**
 * Runs a short write as soon as the store's write lock is free, looking every `stepMs` for up to
 * `timeoutMs`, then lets SQLITE_BUSY through. SQLite's own busy handler sleeps up to 100 ms between
 * looks, so beside a writer that takes the lock again after a few milliseconds (the ingest writer
 * between batches) it can miss every gap until it gives up; a short step catches the first one.
 */
export function writeWhenFree<T>(db: Db, write: () => T, { timeoutMs = 10_000, stepMs = 2 } = {}): T {
  const before = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  const deadline = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  try {
    for (;;) {
      try {
        return write();
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
        Atomics.wait(pause, 0, 0, stepMs);
      }
    }
  } finally {
    db.pragma(`busy_timeout = ${before}`);
  }
}
