/**
 * Keeps the page on screen current (DESIGN section 5, "Live data"): subscribes to the channels of
 * the documents its loaders read (pageChannels.ts), and when an event says one is newer than the
 * page's copy, runs the page's loaders again with that document fetched past the browser's cache.
 * React re-renders in place: scroll, open rows, sort and focus stay; result tables mark the rows
 * that changed (widgets/table/changes.ts).
 */
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import type { LiveEvent } from '../../core/live/channels';
import { changedSince } from './catchUp';
import { EventFilter } from './eventFilter';
import { connectLive, type LiveState } from './liveConnection';
import {
  carry,
  documentsChanged,
  forgetReads,
  loadedEtag,
  markFresh,
  markNewer,
  pageChannels,
  readRenderedChannels,
  settleReads,
} from './pageChannels';

/**
 * Asked again after these delays (ms) while a cache in between still has the older copy: an edge's
 * published file is replaced within a few hundred milliseconds of the event (docs/operations.md).
 */
const RETRY_MS = [150, 300, 600, 1200, 2400] as const;

export interface LiveInfo {
  /** `off`: the page follows no document. */
  readonly state: LiveState | 'off';
  /** When an update last reached the page (ms since the epoch). */
  readonly updatedAt?: number | undefined;
}

export function useLive(): LiveInfo {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { key } = useLocation();
  const channels = useSyncExternalStore(pageChannels.subscribe, pageChannels.snapshot, pageChannels.serverSnapshot);
  const [state, setState] = useState<LiveState>('connecting');
  const [updatedAt, setUpdatedAt] = useState<number>();
  const reload = useEffectEvent(() => revalidator.revalidate());

  // The server's list for the page it rendered; then what the loaders read after each navigation.
  useEffect(() => readRenderedChannels(document), []);
  useEffect(() => {
    if (navigation.state === 'loading') forgetReads(); // the page before's
    if (navigation.state === 'idle') settleReads();
  }, [navigation.state, key]);

  const channelKey = channels.join(',');
  useEffect(() => {
    if (!channelKey) return;
    const list = channelKey.split(',');
    const filter = new EventFilter(loadedEtag);
    /** Channels an event said are newer, with the ETag the page should end with and their version. */
    const wanted = new Map<string, { readonly etag: string; readonly version?: number }>();
    let timer: number | undefined;
    let tries = 0;
    let stopped = false;
    const refresh = async () => {
      timer = undefined;
      for (const [channel, { version }] of wanted)
        if (version === undefined) markFresh([channel]);
        else markNewer(channel, version);
      documentsChanged([...wanted.keys()]);
      const before = list.map(loadedEtag).join(' ');
      await reload();
      if (stopped) return;
      for (const [channel, { etag }] of wanted) if (loadedEtag(channel) === etag) wanted.delete(channel);
      // Said (and announced) only when the page's copy changed: a poll that found nothing is silent.
      if (list.map(loadedEtag).join(' ') !== before) setUpdatedAt(Date.now());
      // A cache in between (the browser's, the edge's) may not have the newer copy yet.
      if (wanted.size > 0 && tries < RETRY_MS.length)
        timer = window.setTimeout(() => void refresh(), RETRY_MS[tries++]);
      else tries = 0;
    };
    // Updates that come together (a result, its medal table, its schedule) make one refresh.
    const soon = () => {
      if (timer === undefined) timer = window.setTimeout(() => void refresh(), 50);
    };
    const onEvent = (event: LiveEvent) => {
      const channel = filter.newer(event);
      if (!channel) return;
      if (event.body !== undefined) carry(channel, event.etag, event.body);
      wanted.set(channel, { etag: event.etag, version: event.version });
      soon();
    };
    const close = connectLive(list, {
      onEvent,
      onPoll: () => {
        markFresh(list);
        documentsChanged(list);
        soon();
      },
      onState: setState,
      onOpen: () =>
        void changedSince(list, loadedEtag).then((found) => {
          if (stopped) return;
          for (const { channel, etag, body } of found) {
            carry(channel, etag, body);
            wanted.set(channel, { etag });
          }
          if (found.length > 0) soon();
        }),
    });
    return () => {
      stopped = true;
      close();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [channelKey]);

  return { state: channelKey ? state : 'off', updatedAt };
}
