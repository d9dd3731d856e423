/**
 * What a Lighthouse run's total blocking time is made of, read from the run's own trace: the page's
 * main-thread tasks up to its first paint. Lantern (Lighthouse's simulation) estimates the first
 * paint from the document, the first parse, the first layout and the first paint only, but counts
 * blocking time over the whole page, where the navigation's commit (a task every page has: the new
 * window and its script contexts) comes first: the longer the commit, the more of the first frame
 * lands after the estimated first paint. The commit's wall time is mostly the machine's (waiting for
 * a core, not the page's CPU), so the bench prints it beside each page and re-audits the median run
 * with the floor's commit: the part of the figure that is the page's, not the harness's.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** A main-thread task's wall and CPU time, in milliseconds. */
export interface TaskTime {
  wall: number;
  cpu: number;
}

export interface FirstPaintTasks {
  /** The navigation's commit. */
  commit: TaskTime;
  /** The tasks holding the first layout and the first paint (one task or two). */
  frame: TaskTime;
  /** Whether the first layout ran in a task of its own before the paint's (Lantern counts layout at half). */
  split: boolean;
}

const COMMIT = 'DocumentLoader::CommitNavigation';

function mainThread(events: TraceEvent[]) {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) return undefined;
  const slices = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X');
  const tasks = slices.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const holds = (task: TraceEvent, name: string) =>
    slices.some((e) => e.name === name && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0));
  return { paint, slices, tasks, holds };
}

const time = (task: TraceEvent): TaskTime => ({ wall: (task.dur ?? 0) / 1000, cpu: (task.tdur ?? 0) / 1000 });

/** The commit and first frame of a run's trace; `undefined` when the trace lacks them. */
export function firstPaintTasks(events: TraceEvent[]): FirstPaintTasks | undefined {
  const thread = mainThread(events);
  if (!thread) return undefined;
  const { tasks, holds } = thread;
  const commit = tasks.find((t) => holds(t, COMMIT));
  const layout = tasks.find((t) => holds(t, 'Layout'));
  const paint = tasks.find((t) => holds(t, 'Paint'));
  if (!commit || !layout || !paint) return undefined;
  const split = layout !== paint;
  const frame = split
    ? { wall: time(layout).wall + time(paint).wall, cpu: time(layout).cpu + time(paint).cpu }
    : time(paint);
  return { commit: time(commit), frame, split };
}

/** The trace file of a run's saved artifacts (Lighthouse's gather mode). */
function traceFile(folder: string): string {
  const name = readdirSync(folder).find((file) => file.endsWith('.trace.json'));
  if (!name) throw new Error(`no trace in ${folder}`);
  return join(folder, name);
}

/**
 * A copy of a run's saved artifacts whose commit task (and everything in it) takes `commitMs` of
 * wall time instead of its own; Lighthouse's audit mode then simulates the same page with that commit.
 */
export function withCommitOf(folder: string, copy: string, commitMs: number): void {
  cpSync(folder, copy, { recursive: true });
  const file = traceFile(copy);
  const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const thread = mainThread(events);
  const commit = thread?.tasks.find((t) => thread.holds(t, COMMIT));
  if (!thread || !commit?.dur) throw new Error(`no commit task in ${folder}`);
  const { ts: start, dur } = commit;
  const factor = (commitMs * 1000) / dur;
  for (const event of events) {
    if (event.pid !== thread.paint.pid || event.tid !== thread.paint.tid) continue;
    if (event.ts < start || event.ts >= start + dur) continue;
    event.ts = start + (event.ts - start) * factor;
    if (event.dur !== undefined) event.dur *= factor;
    if (event.tdur !== undefined) event.tdur *= factor;
  }
  writeFileSync(file, JSON.stringify(trace));
}
