import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from '../i18n/intl';
import { gamesLocalTime } from '../../core/gamesTime';
import { SAVED_COPY_BANNER_CLASS, SAVED_COPY_META, SAVED_DATA_MESSAGE, SERVICE_WORKER_URL } from './serviceWorker';

/**
 * Registers the service worker (offline reading at the venue) and says when documents a live page
 * reads came from the worker's cache (a saved page says so itself: the worker writes its banner into
 * it, readable without scripts). Back online, a saved page or one showing saved documents reloads
 * from the network, so a saved copy is never taken for fresh.
 */
/** How often a page showing a saved copy asks whether the service answers again. */
const PROBE_MS = 5_000;

export function OfflineNotice() {
  const [saved, setSaved] = useState<{ at: string } | undefined>();
  const savedShown = useRef(false);
  useEffect(() => {
    savedShown.current = saved !== undefined;
  }, [saved]);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string; savedAt?: string }>) => {
      const pageSaysSo = document.querySelector(`meta[name="${SAVED_COPY_META}"]`) !== null;
      if (event.data?.type === SAVED_DATA_MESSAGE && !pageSaysSo)
        setSaved((current) => current ?? { at: event.data.savedAt ?? '' });
    };
    const showingSaved = () => document.querySelector(`meta[name="${SAVED_COPY_META}"]`) !== null || savedShown.current;
    // A browser says "online" when a network is joined, not when the service can be reached (venue
    // Wi-Fi without a way out), and Chromium may say it while a page loads offline: a saved copy
    // reloads only once the service answers, asked when "online" is said and now and then.
    const askService = () => {
      if (!showingSaved()) return;
      fetch(`/v.json?r=${Date.now()}`, { cache: 'no-store' }).then(
        (response) => {
          if (response.ok) window.location.reload();
        },
        () => undefined,
      );
    };
    const onOnline = askService;
    const probe = setInterval(askService, PROBE_MS);
    // "Online" may have been said before this script listened (a saved copy loading while the
    // network came back): asked at once then, rather than at the first probe.
    if (navigator.onLine) askService();
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    sw?.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    // Registered by the wake script once the page has loaded (app/wakeScript.ts); again here for a
    // page that woke before that (registering twice is a no-op).
    sw?.register(SERVICE_WORKER_URL).catch(() => undefined);
    return () => {
      sw?.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
      clearInterval(probe);
    };
  }, []);
  if (!saved) return null;
  const when = gamesLocalTime(saved.at);
  return (
    <p className={SAVED_COPY_BANNER_CLASS} role="status">
      <FormattedMessage id={when ? 'offline.savedAt' : 'offline.saved'} values={{ time: when }} />
    </p>
  );
}
