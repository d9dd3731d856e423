import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link, useLoaderData } from 'react-router';
import { venueTime } from '../../../core/gamesTime';
import { useLocale } from '../../app/locale';
import { WAKE_NOW_ATTRIBUTE } from '../../app/wake';
import { RouteTabs } from '../../components/RouteTabs';
import { pickText } from '../../i18n/locale';
import { ErrorPanel } from '../../widgets/WidgetBoundary';
import { ScoreboardPanel, WidgetPanel } from '../../widgets/registry';
import { unitLoader, unitTitle, type UnitData } from './data';

export const loader = unitLoader;

function HeaderFacts({ header }: { header: UnitData['header'] }) {
  const locale = useLocale();
  // The venue's time as the feed wrote it, as the schedule shows it.
  const start = venueTime(header.start);
  return (
    <dl className="unit-facts">
      {header.phase ? <Fact label="unit.phase">{pickText(header.phase, locale)}</Fact> : null}
      {header.venue ? <Fact label="unit.venue">{pickText(header.venue, locale)}</Fact> : null}
      {start && !header.hideStartDate ? (
        <Fact label="unit.start">
          <time dateTime={header.start}>{`${start.date} ${start.time}`}</time>
          {start.zone ? (
            <>
              {' '}
              <small>
                <FormattedMessage id="common.timeZone" values={{ zone: start.zone }} />
              </small>
            </>
          ) : null}
        </Fact>
      ) : null}
      {header.scheduleStatus ? (
        <Fact label="unit.scheduleStatus">
          <span className="status">{pickText(header.scheduleStatusName, locale) || header.scheduleStatus}</span>
        </Fact>
      ) : null}
      {header.resultStatus ? (
        <Fact label="unit.resultStatus">
          <span className={header.resultStatus === 'OFFICIAL' ? 'status status-finished' : 'status status-running'}>
            {pickText(header.resultStatusName, locale) || header.resultStatus}
          </span>
        </Fact>
      ) : null}
    </dl>
  );
}

/** One fact of the unit header: its label (a message id) and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Component() {
  const { header, tabs, tab, section, scoreboard, pluginError } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const intl = useIntl();
  const live = header.resultStatus !== undefined && header.resultStatus !== 'OFFICIAL';
  const title = unitTitle(header, locale);
  const sportCode = header.code.slice(0, 3);
  return (
    <article className="unit-page">
      <nav aria-label={intl.formatMessage({ id: 'unit.breadcrumb' })} className="breadcrumb">
        <Link to={`/discipline/${sportCode}`}>{pickText(header.sport, locale) || sportCode}</Link>
        {header.event ? <span> / {pickText(header.event, locale)}</span> : null}
      </nav>
      <h1>
        {title}
        {header.medal ? (
          <span className="medal-mark">
            {' '}
            <FormattedMessage id="unit.medalUnit" />
          </span>
        ) : null}
      </h1>
      <HeaderFacts header={header} />
      {live ? (
        // Updated in place while played (live/useLive.ts): it wakes without waiting for the reader
        // (app/wake.ts), so its live channels are followed from the first paint on.
        <p className="live-note" {...{ [WAKE_NOW_ATTRIBUTE]: '' }}>
          <FormattedMessage id="unit.live" />
        </p>
      ) : null}
      {pluginError ? <ErrorPanel message={pluginError} /> : null}
      {scoreboard ? <ScoreboardPanel section={scoreboard} /> : null}
      {tabs.length > 0 && tab ? (
        <RouteTabs
          label={intl.formatMessage({ id: 'common.tabs' })}
          current={tab}
          tabs={tabs.map((t) => ({ id: t.id, label: t.label, to: `/${header.code}?tab=${t.id}` }))}
        >
          {section ? <WidgetPanel section={section} /> : null}
        </RouteTabs>
      ) : null}
    </article>
  );
}
