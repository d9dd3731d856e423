/**
 * A page's connection to its live channels: an EventSource on `/live?c=...` (the service's own, or
 * Nchan's at the edge: the same URL and events), reconnected with backoff when the answer was not
 * a stream (an origin restarting, an nginx reload), and polling in its place where there is no
 * channel at all (the static mirror, a browser without EventSource): every POLL_MS while the page
 * is visible, every HIDDEN_POLL_MS while it is not.
 */
import { readLiveEvent, subscriptionUrl, type LiveEvent } from '../../core/live/channels';

/** What the page's indicator says (LiveStatus.tsx). */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'polling';

export const POLL_MS = 10_000;
export const HIDDEN_POLL_MS = 60_000;
/** Reconnection delays after a stream was refused or cut (ms), the last repeated. */
export const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;

export interface LiveHandlers {
  /** An event of one of the channels (versions may repeat: the caller compares). */
  onEvent(event: LiveEvent): void;
  /** Without a stream: the page asks for its documents again. */
  onPoll(): void;
  /** A stream opened (the first, or again after one was refused): what changed meanwhile is asked. */
  onOpen?(): void;
  onState(state: LiveState): void;
}

export interface LiveEnvironment {
  readonly EventSource?: typeof EventSource | undefined;
  readonly hidden: () => boolean;
  readonly now: () => number;
  readonly setTimeout: (fn: () => void, ms: number) => unknown;
  readonly clearTimeout: (timer: unknown) => void;
}

export const browserEnvironment = (): LiveEnvironment => ({
  EventSource: typeof EventSource === 'function' ? EventSource : undefined,
  hidden: () => document.visibilityState === 'hidden',
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
});

/** Connects; returns what closes it. */
export function connectLive(
  channels: readonly string[],
  handlers: LiveHandlers,
  env: LiveEnvironment = browserEnvironment(),
): () => void {
  let source: EventSource | undefined;
  let failures = 0;
  let opened = false;
  let closed = false;
  let retry: unknown;
  let poll: unknown;
  let polledAt = env.now();

  const startPolling = () => {
    if (poll !== undefined || closed) return;
    const tick = () => {
      poll = env.setTimeout(tick, POLL_MS);
      if (env.now() - polledAt < (env.hidden() ? HIDDEN_POLL_MS : POLL_MS) - 50) return;
      polledAt = env.now();
      handlers.onPoll();
    };
    poll = env.setTimeout(tick, POLL_MS);
  };
  const stopPolling = () => {
    if (poll !== undefined) env.clearTimeout(poll);
    poll = undefined;
  };

  const open = () => {
    if (closed || !env.EventSource) return;
    const es = new env.EventSource(subscriptionUrl(channels));
    source = es;
    es.onopen = () => {
      failures = 0;
      opened = true;
      stopPolling();
      handlers.onState('live');
      handlers.onOpen?.();
    };
    es.onmessage = (message: MessageEvent<string>) => {
      const event = readLiveEvent(message.data);
      if (event) handlers.onEvent(event);
    };
    es.onerror = () => {
      if (closed) return;
      // CONNECTING: the browser reconnects by itself (the stream's `retry`), with Last-Event-ID.
      if (es.readyState !== es.CLOSED) return handlers.onState('reconnecting');
      // CLOSED: the answer was not a stream (404 on a mirror, 502 from an edge whose origin is
      // restarting). Polled meanwhile; tried again later.
      es.close();
      handlers.onState(opened ? 'reconnecting' : 'polling');
      startPolling();
      retry = env.setTimeout(open, BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!);
      failures += 1;
    };
  };

  if (channels.length === 0) return () => undefined;
  if (env.EventSource) {
    handlers.onState('connecting');
    open();
  } else {
    handlers.onState('polling');
    startPolling();
  }
  return () => {
    closed = true;
    source?.close();
    stopPolling();
    if (retry !== undefined) env.clearTimeout(retry);
  };
}
