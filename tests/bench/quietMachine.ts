/**
 * Waits, before a measurement, until the machine's processors have been mostly idle for a moment:
 * on a small machine the work left from the step before (a closing tab, a collector, an audit's
 * last writes) otherwise lands in the next run's trace as the page's own time. Reads /proc/stat
 * (Linux); elsewhere returns at once. Gives up after `maxMs` and says how busy the machine was.
 */
import { readFileSync } from 'node:fs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Busy and total jiffies of all processors since boot, or undefined where /proc/stat is missing. */
function processorTimes(): { busy: number; total: number } | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return undefined;
  }
  // cpu user nice system idle iowait irq softirq steal ...
  const fields = (line ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of processor time spent busy over `ms` milliseconds (0–1), or undefined off Linux. */
export async function busyShare(ms: number): Promise<number | undefined> {
  const before = processorTimes();
  await sleep(ms);
  const after = processorTimes();
  if (!before || !after || after.total === before.total) return undefined;
  return (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Resolves once a window of `windowMs` saw the processors busy less than `maxBusy` of the time, or
 * after `maxMs`; returns the last window's busy share (undefined off Linux).
 */
export async function quietMachine(maxBusy = 0.15, windowMs = 300, maxMs = 10_000): Promise<number | undefined> {
  const start = Date.now();
  for (;;) {
    const share = await busyShare(windowMs);
    if (share === undefined || share < maxBusy || Date.now() - start >= maxMs) return share;
  }
}
