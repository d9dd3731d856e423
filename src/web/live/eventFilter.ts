import { channelOf, type LiveEvent } from '../../core/live/channels';

/**
 * Which events change the page: per channel, only a version above every one seen before (events
 * come again after a reconnection, and from several sources), and only one whose ETag is not the
 * page's copy's (the first event of a subscription is the current version, often the page's own).
 */
export class EventFilter {
  private readonly known = new Map<string, number>();
  constructor(private readonly loaded: (channel: string) => string | undefined) {}

  /** The channel whose document the page must fetch again; undefined when the event changes nothing. */
  newer(event: LiveEvent): string | undefined {
    const channel = channelOf(event.type, event.code);
    if (!channel || (this.known.get(channel) ?? -1) >= event.version) return undefined;
    this.known.set(channel, event.version);
    return this.loaded(channel) === event.etag ? undefined : channel;
  }
}
