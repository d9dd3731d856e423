import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MS,
  connectLive,
  HIDDEN_POLL_MS,
  POLL_MS,
  type LiveEnvironment,
  type LiveState,
} from '../../src/web/live/liveConnection';

/** A stand-in for the browser's EventSource: the test opens, sends, and fails it. */
class FakeEventSource {
  static readonly all: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  /** The browser reconnects by itself (a dropped stream). */
  drop() {
    this.readyState = 0;
    this.onerror?.();
  }
  /** The answer was not a stream (404, 502): the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.();
  }
  close() {
    this.readyState = 2;
  }
}

/** Timers run by hand, on a clock the test moves. */
function environment(withEventSource: boolean) {
  let now = 0;
  let hidden = false;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const env: LiveEnvironment = {
    EventSource: withEventSource ? (FakeEventSource as unknown as typeof EventSource) : undefined,
    hidden: () => hidden,
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = until;
  };
  return { env, advance, hide: (value: boolean) => (hidden = value) };
}

function handlers() {
  const seen = { events: [] as unknown[], polls: 0, states: [] as LiveState[] };
  return {
    seen,
    handlers: {
      onEvent: (e: unknown) => seen.events.push(e),
      onPoll: () => (seen.polls += 1),
      onState: (s: LiveState) => seen.states.push(s),
    },
  };
}

const EVENT = { type: 'DT_RESULT', code: 'U1', version: 3, etag: '"x"' };

describe('a page’s live connection', () => {
  it('subscribes once to its channels, says it is live, and passes on events but not garbage', () => {
    FakeEventSource.all.length = 0;
    const { env } = environment(true);
    const { seen, handlers: h } = handlers();
    const close = connectLive(['SCHEDULE.ALL', 'DT_RESULT.U1'], h, env);
    const es = FakeEventSource.all[0]!;
    expect(es.url).toBe('/live?c=DT_RESULT.U1,SCHEDULE.ALL');
    es.open();
    es.send(EVENT);
    es.onmessage?.({ data: 'not json' });
    expect(seen.events).toEqual([EVENT]);
    expect(seen.states).toEqual(['connecting', 'live']);
    es.drop();
    expect(seen.states.at(-1)).toBe('reconnecting');
    close();
    expect(es.readyState).toBe(es.CLOSED);
  });

  it('polls where there is no stream (the mirror answers 404), and tries again with backoff', () => {
    FakeEventSource.all.length = 0;
    const { env, advance } = environment(true);
    const { seen, handlers: h } = handlers();
    connectLive(['DT_RESULT.U1'], h, env);
    FakeEventSource.all[0]!.refuse();
    expect(seen.states.at(-1)).toBe('polling');
    advance(BACKOFF_MS[0]);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.all[1]!.refuse();
    advance(BACKOFF_MS[1]);
    expect(FakeEventSource.all).toHaveLength(3);
    advance(POLL_MS);
    expect(seen.polls).toBeGreaterThanOrEqual(1);
    // A stream at last: no more polling.
    FakeEventSource.all.at(-1)!.open();
    const polls = seen.polls;
    advance(POLL_MS * 5);
    expect(seen.polls).toBe(polls);
    expect(seen.states.at(-1)).toBe('live');
  });

  it('without EventSource, polls every 10 s while shown and every 60 s while hidden', () => {
    const { env, advance, hide } = environment(false);
    const { seen, handlers: h } = handlers();
    connectLive(['DT_RESULT.U1'], h, env);
    expect(seen.states).toEqual(['polling']);
    advance(POLL_MS * 3);
    expect(seen.polls).toBe(3);
    hide(true);
    advance(HIDDEN_POLL_MS - POLL_MS);
    expect(seen.polls).toBe(3);
    advance(POLL_MS);
    expect(seen.polls).toBe(4);
  });

  it('does nothing for a page that follows no document', () => {
    const { env } = environment(true);
    const { seen, handlers: h } = handlers();
    FakeEventSource.all.length = 0;
    connectLive([], h, env);
    expect(FakeEventSource.all).toHaveLength(0);
    expect(seen.states).toEqual([]);
  });
});
