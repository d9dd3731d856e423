import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPaintTasks, withCommitOf } from './lighthouseTrace';

// A renderer's main thread (pid 1, tid 7) as Chromium traces it, times in microseconds; another
// thread (tid 9) runs at the same time and must be left alone.
const slice = (name: string, ts: number, dur: number, tdur = dur, tid = 7) => ({
  name,
  ph: 'X',
  pid: 1,
  tid,
  ts,
  dur,
  tdur,
});
const paintMark = { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 7, ts: 200_000 };

function trace(layoutApart: boolean) {
  return [
    slice('RunTask', 10_000, 40_000, 15_000),
    slice('DocumentLoader::CommitNavigation', 11_000, 30_000, 12_000),
    slice('RunTask', 60_000, 10_000),
    slice('ParseHTML', 60_500, 9_000),
    ...(layoutApart
      ? [slice('RunTask', 80_000, 60_000), slice('Layout', 81_000, 50_000), slice('RunTask', 150_000, 20_000)]
      : [slice('RunTask', 80_000, 90_000), slice('Layout', 81_000, 50_000)]),
    slice('Paint', 155_000, 10_000),
    slice('RunTask', 12_000, 5_000, 5_000, 9),
    paintMark,
  ];
}

describe('firstPaintTasks', () => {
  it('finds the commit and a first frame in one task', () => {
    expect(firstPaintTasks(trace(false))).toEqual({
      commit: { wall: 40, cpu: 15 },
      frame: { wall: 90, cpu: 90 },
      split: false,
    });
  });

  it('adds up a layout and a paint in tasks apart, and says so', () => {
    expect(firstPaintTasks(trace(true))).toEqual({
      commit: { wall: 40, cpu: 15 },
      frame: { wall: 80, cpu: 80 },
      split: true,
    });
  });

  it('is undefined for a trace without a first paint or a commit', () => {
    expect(firstPaintTasks(trace(false).filter((e) => e !== paintMark))).toBeUndefined();
    expect(firstPaintTasks(trace(false).filter((e) => e.name !== 'DocumentLoader::CommitNavigation'))).toBeUndefined();
  });
});

describe('withCommitOf', () => {
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('writes a copy whose commit task takes the given time, the rest unchanged', () => {
    const folder = mkdtempSync(join(tmpdir(), 'podium-trace-'));
    folders.push(folder);
    writeFileSync(join(folder, 'defaultPass.trace.json'), JSON.stringify({ traceEvents: trace(false) }));
    writeFileSync(join(folder, 'artifacts.json'), '{}');
    const copy = `${folder}-copy`;
    folders.push(copy);
    withCommitOf(folder, copy, 20);
    const events = (JSON.parse(readFileSync(join(copy, 'defaultPass.trace.json'), 'utf8')) as { traceEvents: never[] })
      .traceEvents;
    expect(firstPaintTasks(events)?.commit).toEqual({ wall: 20, cpu: 7.5 });
    // The commit's own slice keeps its place within the task, halved.
    expect(events.find((e: { name: string }) => e.name === 'DocumentLoader::CommitNavigation')).toMatchObject({
      ts: 10_500,
      dur: 15_000,
    });
    // Another thread's task at the same time and the first frame are untouched.
    expect(events.find((e: { tid: number }) => e.tid === 9)).toMatchObject({ ts: 12_000, dur: 5_000 });
    expect(firstPaintTasks(events)?.frame).toEqual({ wall: 90, cpu: 90 });
    // The original is unchanged.
    expect(
      firstPaintTasks(JSON.parse(readFileSync(join(folder, 'defaultPass.trace.json'), 'utf8')).traceEvents),
    ).toMatchObject({ commit: { wall: 40 } });
  });

  it('refuses a trace without a commit', () => {
    const folder = mkdtempSync(join(tmpdir(), 'podium-trace-'));
    folders.push(folder);
    writeFileSync(join(folder, 'defaultPass.trace.json'), JSON.stringify([paintMark]));
    folders.push(`${folder}-copy`);
    expect(() => withCommitOf(folder, `${folder}-copy`, 20)).toThrow(/no commit task/);
  });
});
