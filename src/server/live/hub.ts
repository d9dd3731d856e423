import type { IncomingMessage, ServerResponse } from 'node:http';
import { documentOf, parseChannels, MAX_CHANNELS, channelOf, type LiveEvent } from '../../core/live/channels';
import { sendError } from '../http/headers';
import type { Change, StoreChanges } from './changes';
import { EventStream } from './eventStream';

export interface LiveHubOptions {
  /** How often the store is looked at for writes (ms): part of the feed-to-screen time. */
  readonly everyMs?: number;
  /** How often an idle stream gets a comment (ms), under the proxies' idle timeouts. */
  readonly keepAliveMs?: number;
}

/**
 * The service's own live channels (DESIGN section 5): pages subscribe with Server-Sent Events to
 * the documents they read (`GET /live?c=...`), and each write of one reaches them as an event
 * naming its new version. Each server process looks at the store every `everyMs` and tells its
 * own subscribers; `onChanges` listeners (the Nchan publisher) get every change once.
 */
export class LiveHub {
  private readonly subscribers = new Map<string, Set<EventStream>>();
  private readonly listeners: ((changes: readonly Change[]) => void)[] = [];
  private last: number;
  private timers: NodeJS.Timeout[] = [];
  private streams = new Set<EventStream>();

  constructor(
    private readonly changes: StoreChanges,
    private readonly options: LiveHubOptions = {},
  ) {
    this.last = changes.latest();
  }

  /** Streams open now. */
  get size(): number {
    return this.streams.size;
  }

  start(): void {
    if (this.timers.length > 0) return;
    this.timers = [
      setInterval(() => this.look(), this.options.everyMs ?? 100),
      setInterval(() => this.streams.forEach((stream) => stream.keepAlive()), this.options.keepAliveMs ?? 25_000),
    ];
    this.timers.forEach((timer) => timer.unref());
  }

  /** Every change from now on, once, in order. */
  onChanges(listener: (changes: readonly Change[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * A subscription: the channels of `query`'s `c` (400 when any is not one). It starts with the
   * current version of each of its documents (a page compares them with its own copies: one
   * rendered or cached before a change catches up at once), or with Last-Event-ID, with those
   * written since that event, so a reconnected page misses none.
   */
  subscribe(req: IncomingMessage, res: ServerResponse, query: string): void {
    const channels = parseChannels(new URLSearchParams(query).get('c'));
    if (!channels)
      return sendError(res, 400, `c must name 1 to ${MAX_CHANNELS} channels <TYPE>.<code>, separated by commas`);
    const stream = new EventStream(res);
    stream.open(req, () => this.drop(stream, channels));
    this.streams.add(stream);
    for (const channel of channels) {
      let set = this.subscribers.get(channel);
      if (!set) this.subscribers.set(channel, (set = new Set()));
      set.add(stream);
    }
    const lastEventId = Number(req.headers['last-event-id']);
    const resumeFrom = Number.isInteger(lastEventId) && lastEventId > 0 && lastEventId <= this.last ? lastEventId : 0;
    const documents = channels.map((channel) => documentOf(channel)!);
    // Up to the last look: a later write comes with the next, in its order.
    for (const change of this.changes.ofSince(documents, resumeFrom))
      if (change.seq <= this.last) stream.send(change.seq, change.event);
  }

  /** Looks for writes since the last look and sends each to its channel's subscribers. */
  look(): void {
    let changes: Change[];
    try {
      changes = this.changes.since(this.last);
    } catch (error) {
      // The store unreadable for a moment (locked, damaged): the next look tries again.
      console.error(`podium: live: reading the store's changes: ${(error as Error).message}`);
      return;
    }
    if (changes.length === 0) return;
    this.last = changes.at(-1)!.seq;
    for (const change of changes) this.send(change.seq, change.event);
    for (const listener of this.listeners) listener(changes);
  }

  /** Ends every stream (the service stopping): browsers reconnect to the next one. */
  close(): void {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    for (const stream of this.streams) stream.end();
  }

  private send(seq: number, event: LiveEvent): void {
    const channel = channelOf(event.type, event.code);
    const set = channel ? this.subscribers.get(channel) : undefined;
    if (set) for (const stream of set) stream.send(seq, event);
  }

  private drop(stream: EventStream, channels: readonly string[]): void {
    this.streams.delete(stream);
    for (const channel of channels) {
      const set = this.subscribers.get(channel);
      set?.delete(stream);
      if (set?.size === 0) this.subscribers.delete(channel);
    }
  }
}
