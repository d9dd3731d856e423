/**
 * Which live channels (src/core/live/channels.ts) the page on screen reads, and which of its
 * documents must be fetched past the browser's cache: the page's loaders note each document they
 * read (data/source.ts), a server-rendered page lists them in its HTML (`LIVE_CHANNELS_ID`), and
 * the live connection (useLive.ts) marks the documents an event said are newer.
 */
import { channelOf } from '../../core/live/channels';

/** The JSON script a server-rendered page lists its channels in (src/server/http/renderPage.ts). */
export const LIVE_CHANNELS_ID = 'podium-live';

/** Channels read by loaders since the last `settleReads`. */
const reads = new Set<string>();
/** The page's channels, as `useSyncExternalStore` reads them (a new array only when they change). */
let current: readonly string[] = [];
/** What the loaders read. */
let fromLoaders: readonly string[] = [];
/** What parts of the page read outside the loaders (a follower's "My schedule"), by part. */
const fromParts = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const changeListeners = new Set<(channels: readonly string[]) => void>();
/** The ETag each channel's document had when last read. */
const loaded = new Map<string, string>();
/** Channels to fetch past the browser's cache at their next read, with the version an event named. */
const fresh = new Map<string, number | undefined>();
/** Small documents an event carried (core/live/channels.ts), read instead of fetched. */
const carried = new Map<string, { readonly etag: string; readonly body: unknown }>();

/** A loader read a document (its ETag, when the answer had one). */
export function noteRead(type: string, code: string, etag: string | null): void {
  const channel = channelOf(type, code);
  if (!channel) return;
  reads.add(channel);
  if (etag) loaded.set(channel, etag);
}

/** Forgets the reads so far (a navigation starts: they were the page before's). */
export function forgetReads(): void {
  reads.clear();
}

/** The reads since the last call become the page's channels (its loaders ran); none read: unchanged. */
export function settleReads(): void {
  const taken = [...reads].sort();
  reads.clear();
  if (taken.length > 0) setPageChannels(taken);
}

function setPageChannels(channels: readonly string[]): void {
  fromLoaders = channels;
  update();
}

function update(): void {
  const channels = [...new Set([...fromLoaders, ...[...fromParts.values()].flat()])].sort();
  if (channels.join(',') === current.join(',')) return;
  current = channels;
  listeners.forEach((listener) => listener());
}

/**
 * A part of the page that reads documents outside the loaders follows them too (until it calls
 * the function returned); it hears of their changes with `onDocumentsChanged`.
 */
export function followDocuments(part: string, channels: readonly string[]): () => void {
  fromParts.set(part, channels);
  update();
  return () => {
    fromParts.delete(part);
    update();
  };
}

/** Told which channels' documents are newer, before the page's loaders run again. */
export function onDocumentsChanged(listener: (channels: readonly string[]) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells the parts of the page that read outside the loaders (useLive.ts). */
export function documentsChanged(channels: readonly string[]): void {
  changeListeners.forEach((listener) => listener(channels));
}

/** For `useSyncExternalStore`: the page's channels and their changes. */
export const pageChannels = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly string[] => current,
  serverSnapshot: (): readonly string[] => [],
};

/** The ETag the page's copy of a channel's document has, if known. */
export function loadedEtag(channel: string): string | undefined {
  return loaded.get(channel);
}

/** These channels' documents are newer than the browser's copies: their next read asks the service. */
export function markFresh(channels: Iterable<string>): void {
  for (const channel of channels) if (!fresh.has(channel)) fresh.set(channel, undefined);
}

/**
 * This channel's document has this version (an event said so): its next read asks for it by that
 * version (`?v=`), a URL no cache has an older copy under, and one the edge fetches once for all
 * its readers (deploy/nginx.conf).
 */
export function markNewer(channel: string, version: number): void {
  fresh.set(channel, version);
}

/** A small document an event carried: the next fresh read of its channel takes it. */
export function carry(channel: string, etag: string, body: unknown): void {
  carried.set(channel, { etag, body });
}

/** The carried document of a channel marked fresh, if any (once). */
export function takeCarried(type: string, code: string): { readonly etag: string; readonly body: unknown } | undefined {
  const channel = channelOf(type, code);
  const document = channel === undefined ? undefined : carried.get(channel);
  if (channel !== undefined) carried.delete(channel);
  return document;
}

/** Whether a read must go past the browser's cache (once: the mark is taken), and by which version. */
export function takeFresh(type: string, code: string): { readonly version?: number } | undefined {
  const channel = channelOf(type, code);
  if (channel === undefined || !fresh.has(channel)) return undefined;
  const version = fresh.get(channel);
  fresh.delete(channel);
  return version === undefined ? {} : { version };
}

/**
 * The channels a server-rendered page lists, with the ETag of each document it was rendered from
 * (noted as loaded), become the page's (at hydration); an unreadable list is none.
 */
export function readRenderedChannels(doc: Document): void {
  setPageChannels(renderedChannels(doc).sort());
}

function renderedChannels(doc: Document): string[] {
  const text = doc.getElementById(LIVE_CHANNELS_ID)?.textContent;
  if (!text) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (typeof list !== 'object' || list === null || Array.isArray(list)) return [];
    const channels: string[] = [];
    for (const [channel, etag] of Object.entries(list)) {
      if (typeof etag !== 'string') continue;
      channels.push(channel);
      loaded.set(channel, etag);
    }
    return channels;
  } catch {
    return [];
  }
}
