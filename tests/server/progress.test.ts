/**
 * Issue 27, item 3: progress on long work. A fake stream (TTY or not, a width) and a fake clock:
 * the line rewritten in place and throttled, the rate and time left, the width, nothing in a log
 * before the end, and the summary line.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startElapsed } from '../../src/server/progress/elapsed';
import { fitLine, formatElapsed, formatRate, formatTimeLeft } from '../../src/server/progress/format';
import { startProgress, type ProgressStream } from '../../src/server/progress/progress';

function fakeStream(isTTY: boolean, columns?: number): ProgressStream & { chunks: string[]; text: () => string } {
  const chunks: string[] = [];
  return {
    isTTY,
    columns,
    chunks,
    text: () => chunks.join(''),
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
  };
}

function fakeClock(start = 1000) {
  let t = start;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}

/** What a terminal would show on the progress line: the last `\r`-drawn text, its escapes removed. */
const shown = (chunk: string) => chunk.replace(/^\r/, '').replace('\x1b[K', '');

describe('progress on a terminal', () => {
  it('draws at once, then rewrites one line in place at most every 100 ms', () => {
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress({ task: 'export', unit: 'pages' }, 5678, { stream, now: clock.now });
    expect(stream.chunks).toEqual(['\rpodium: export: 0 / 5,678 pages (0%)\x1b[K']);
    progress.advance();
    clock.tick(50);
    progress.advance(10);
    expect(stream.chunks).toHaveLength(1);
    clock.tick(50);
    progress.advance();
    expect(stream.chunks).toHaveLength(2);
    expect(stream.chunks[1]).toBe('\rpodium: export: 12 / 5,678 pages (0%)\x1b[K');
    for (const chunk of stream.chunks) {
      expect(chunk.startsWith('\r')).toBe(true);
      expect(chunk.endsWith('\x1b[K')).toBe(true);
      expect(chunk).not.toContain('\n');
    }
  });

  it('shows the rate so far and the time left from it, once there is a rate', () => {
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress({ task: 'export', unit: 'pages' }, 5678, { stream, now: clock.now });
    clock.tick(3000);
    progress.advance(1230);
    // 410 pages a second; 4,448 to go is 10.8 s, said as at most 11 s.
    expect(shown(stream.chunks.at(-1)!)).toBe('podium: export: 1,230 / 5,678 pages (21%) · 410/s · 11 s left');
    clock.tick(200_000);
    progress.advance(10);
    expect(shown(stream.chunks.at(-1)!)).toMatch(/ · 6\.1\/s · 12 min 7 s left$/);
  });

  it('gives no rate nor time left in the first half second', () => {
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress('ingest', 100, { stream, now: clock.now });
    clock.tick(200);
    progress.advance(5);
    expect(shown(stream.chunks.at(-1)!)).toBe('podium: ingest: 5 / 100 items (5%)');
  });

  it('counts without a total, and takes one when it comes', () => {
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress({ task: 'generating', unit: 'messages' }, undefined, { stream, now: clock.now });
    clock.tick(2000);
    progress.advance(1000);
    expect(shown(stream.chunks.at(-1)!)).toBe('podium: generating: 1,000 messages · 500/s');
    clock.tick(100);
    progress.setTotal(4000);
    expect(shown(stream.chunks.at(-1)!)).toBe('podium: generating: 1,000 / 4,000 messages (25%) · 476/s · 7 s left');
  });

  it('is never wider than the terminal: the rate goes first, then the time left, then the text is cut', () => {
    const clock = fakeClock();
    for (const columns of [200, 60, 50, 30, 10]) {
      const stream = fakeStream(true, columns);
      const progress = startProgress({ task: 'export', unit: 'pages' }, 5678, { stream, now: clock.now });
      clock.tick(3000);
      progress.advance(1230);
      progress.done();
      for (const chunk of stream.chunks) expect(shown(chunk).replace('\n', '').length).toBeLessThanOrEqual(columns);
    }
    const sizeless = fakeStream(true, 0);
    startProgress('ingest', 100, { stream: sizeless, now: clock.now });
    expect(sizeless.chunks).toEqual(['\rpodium: ingest: 0 / 100 items (0%)\x1b[K']);
    const narrow = fakeStream(true, 50);
    startProgress({ task: 'export', unit: 'pages' }, 5678, { stream: narrow, now: clock.now }).advance();
    expect(fitLine('podium: export: 1,230 / 5,678 pages (21%)', ['410/s', '11 s left'], 60)).toBe(
      'podium: export: 1,230 / 5,678 pages (21%) · 11 s left',
    );
    expect(fitLine('podium: export: 1,230 / 5,678 pages (21%)', ['410/s'], 20)).toBe('podium: export: 1,2…');
  });

  it('ends with the final state and a new line, drawn whatever the throttle', () => {
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress({ task: 'export', unit: 'pages' }, 5678, { stream, now: clock.now });
    clock.tick(14_200);
    progress.advance(5678);
    progress.done();
    progress.done();
    progress.advance();
    expect(stream.chunks.at(-1)).toBe('\rpodium: export: 5,678 / 5,678 pages (100%) · 400/s · 14.2 s\x1b[K\n');
    expect(stream.text().match(/\n/g)).toHaveLength(1);
  });

  it('prints a line of its caller above the progress line and draws it again', () => {
    const stream = fakeStream(true, 120);
    const out = fakeStream(true, 120);
    const clock = fakeClock();
    const progress = startProgress('ingest', 3, { stream, now: clock.now });
    progress.advance();
    progress.print('a.xml: unchanged', out);
    expect(out.chunks).toEqual(['a.xml: unchanged\n']);
    expect(stream.chunks.slice(-2)).toEqual(['\r\x1b[K', '\rpodium: ingest: 1 / 3 items (33%)\x1b[K']);
  });
});

describe('progress in a log (no terminal)', () => {
  it('writes nothing while working, then one summary line', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const progress = startProgress({ task: 'export', unit: 'pages' }, 100, { stream, now: clock.now });
    for (let i = 0; i < 5678; i += 1) {
      clock.tick(2.5);
      progress.advance();
      if (i === 100) progress.setTotal(5678);
    }
    expect(stream.chunks).toEqual([]);
    progress.done();
    expect(stream.chunks).toEqual(['podium: export: 5,678 pages in 14.2 s (400/s)\n']);
  });

  it('takes a summary of the caller in place of the counts, and says the same on a terminal', () => {
    const log = fakeStream(false);
    startProgress('ingest', 9, { stream: log }).done('9 message(s) in 12 ms: 9 stored');
    expect(log.chunks).toEqual(['podium: ingest: 9 message(s) in 12 ms: 9 stored\n']);
    const tty = fakeStream(true, 120);
    startProgress('ingest', 9, { stream: tty }).done('9 message(s) in 12 ms: 9 stored');
    expect(tty.chunks.at(-1)).toBe('\rpodium: ingest: 9 message(s) in 12 ms: 9 stored\x1b[K\n');
  });

  it('sums up a total never known, and work too quick for a rate', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const progress = startProgress({ task: 'generating', unit: 'messages' }, undefined, { stream, now: clock.now });
    progress.done();
    expect(stream.chunks).toEqual(['podium: generating: 0 messages in 0.0 s\n']);
  });

  it('prints its caller\u2019s lines as they come', () => {
    const stream = fakeStream(false);
    const out = fakeStream(false);
    startProgress('ingest', 3, { stream }).print('a.xml: unchanged', out);
    expect(out.chunks).toEqual(['a.xml: unchanged\n']);
    expect(stream.chunks).toEqual([]);
  });
});

describe('an elapsed counter for work without items', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks each second on a terminal and ends with the time taken', () => {
    vi.useFakeTimers();
    const stream = fakeStream(true, 120);
    const clock = fakeClock();
    const timer = startElapsed('building the site', { stream, now: clock.now });
    expect(stream.chunks).toEqual(['\rpodium: building the site …\x1b[K']);
    clock.tick(23_400);
    vi.advanceTimersByTime(1000);
    expect(stream.chunks.at(-1)).toBe('\rpodium: building the site · 23 s\x1b[K');
    clock.tick(18_000);
    timer.done();
    expect(stream.chunks.at(-1)).toBe('\rpodium: building the site: done in 41.4 s\x1b[K\n');
    const count = stream.chunks.length;
    vi.advanceTimersByTime(5000);
    expect(stream.chunks).toHaveLength(count);
  });

  it('says nothing in a log until the end', () => {
    vi.useFakeTimers();
    const stream = fakeStream(false);
    const clock = fakeClock();
    const timer = startElapsed('building the site', { stream, now: clock.now });
    clock.tick(75_000);
    vi.advanceTimersByTime(75_000);
    expect(stream.chunks).toEqual([]);
    timer.done('failed');
    expect(stream.chunks).toEqual(['podium: building the site: failed in 1 min 15 s\n']);
  });
});

describe('the numbers', () => {
  it('reads as people read them', () => {
    expect(formatRate(410.4)).toBe('410/s');
    expect(formatRate(12_345)).toBe('12,345/s');
    expect(formatRate(2.25)).toBe('2.3/s');
    expect(formatElapsed(14_249)).toBe('14.2 s');
    expect(formatElapsed(3_725_000)).toBe('1 h 2 min');
    expect(formatTimeLeft(0.2)).toBe('1 s left');
    expect(formatTimeLeft(125)).toBe('2 min 5 s left');
  });
});
