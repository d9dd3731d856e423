/**
 * Live channels (DESIGN section 5, "Live data"): one per document, named `<type>.<code>`, so the
 * service's own Server-Sent Events and Nchan at the edge carry the same names. A page subscribes
 * to the documents its loaders read: `/live?c=<channel>,<channel>...`, written without escapes
 * (nginx reads the query as sent, not decoded), at most MAX_CHANNELS.
 */

/**
 * What an event says: this document now has this version (its ETag to tell the bytes apart), and,
 * when small (a live clock's DT_CURRENT), the document itself, so the page need not fetch it.
 */
export interface LiveEvent {
  readonly type: string;
  readonly code: string;
  readonly version: number;
  readonly etag: string;
  readonly body?: unknown;
}

/** Documents up to this size (bytes of JSON) travel in their events. */
export const CARRIED_BYTES = 2048;

/** The path pages subscribe on, from the service alone and through deploy/nginx.conf. */
export const LIVE_PATH = '/live';

/** At most this many channels a subscription (Nchan multiplexes up to 255). */
export const MAX_CHANNELS = 64;

// Document types are ODF's and the service's upper-case names; codes ODF's (letters, digits, `-`)
// and the derived documents' (dates, delegations): no character a URL would escape.
const TYPE = /^[A-Z][A-Z0-9_]{0,39}$/;
const CODE = /^[A-Za-z0-9_.-]{1,80}$/;
const CHANNEL = /^([A-Z][A-Z0-9_]{0,39})\.([A-Za-z0-9_.-]{1,80})$/;

/** The channel of a document; undefined for one no channel can name (it is then polled). */
export function channelOf(type: string, code: string): string | undefined {
  return TYPE.test(type) && CODE.test(code) ? `${type}.${code}` : undefined;
}

/** The document a channel names; undefined for a name no document could have. */
export function documentOf(channel: string): { type: string; code: string } | undefined {
  const match = CHANNEL.exec(channel);
  return match ? { type: match[1]!, code: match[2]! } : undefined;
}

/**
 * The channels of a subscription's `c` parameter; undefined when it names none, too many, or any
 * a document could not have (a hostile or mistyped name is refused whole, never half served).
 */
export function parseChannels(list: string | null | undefined): string[] | undefined {
  if (!list) return undefined;
  const channels = [...new Set(list.split(','))];
  if (channels.length > MAX_CHANNELS || !channels.every((channel) => CHANNEL.test(channel))) return undefined;
  return channels;
}

/** The subscription URL of a set of channels (sorted: one URL per set, for caches and logs). */
export function subscriptionUrl(channels: Iterable<string>): string {
  return `${LIVE_PATH}?c=${[...new Set(channels)].sort().slice(0, MAX_CHANNELS).join(',')}`;
}

/** An event's data as sent (the service's and Nchan's alike); undefined for anything else. */
export function readLiveEvent(data: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    if (
      typeof event.type === 'string' &&
      typeof event.code === 'string' &&
      Number.isInteger(event.version) &&
      typeof event.etag === 'string'
    )
      return {
        type: event.type,
        code: event.code,
        version: event.version!,
        etag: event.etag,
        ...(event.body !== undefined ? { body: event.body } : {}),
      };
  } catch {
    // Not JSON: not an event of ours.
  }
  return undefined;
}
