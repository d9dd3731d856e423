import { useEffect, useState } from 'react';
import { FormattedMessage, FormattedTime, useIntl } from '../i18n/intl';
import type { LiveInfo } from './useLive';

/** Past this, "updated N seconds ago" becomes "updated at hh:mm:ss". */
const SECONDS_SHOWN = 60;

/** Seconds since `at`, ticking once a second while shown. */
function useSecondsSince(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(0, Math.floor((now - at) / 1000));
}

/**
 * The page's live indicator, in words: live, reconnecting, checking for updates, and how long ago
 * the last update came. Each update is announced to screen readers once, politely, in one short
 * sentence (the ticking words are not a live region: they would be read every second).
 */
export function LiveStatus({ live }: { live: LiveInfo }) {
  const intl = useIntl();
  const seconds = useSecondsSince(live.updatedAt);
  // Its line is there from the server's HTML on, empty until the page connects: nothing moves.
  if (live.state === 'off') return <div className="live-status" />;
  return (
    <div className={`live-status live-${live.state}`}>
      <span className="live-dot" aria-hidden="true" />
      <FormattedMessage id={`live.${live.state === 'live' ? 'live' : live.state}`} />
      {seconds !== undefined && live.updatedAt !== undefined ? (
        <>
          {' · '}
          {seconds < SECONDS_SHOWN ? (
            // The language's own words for "N seconds ago" (Intl.RelativeTimeFormat); -0 reads "0 seconds ago".
            <FormattedMessage id="live.updatedAgo" values={{ ago: intl.formatRelativeTime(-seconds, 'second') }} />
          ) : (
            <FormattedMessage
              id="live.updatedAt"
              values={{ time: <FormattedTime value={new Date(live.updatedAt)} /> }}
            />
          )}
        </>
      ) : null}
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {live.updatedAt !== undefined ? (
          <FormattedMessage id="live.announce" values={{ time: <FormattedTime value={new Date(live.updatedAt)} /> }} />
        ) : null}
      </span>
    </div>
  );
}
