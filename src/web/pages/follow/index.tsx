import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { FollowButton } from '../../follow/FollowButton';
import { useFollowed } from '../../follow/followed';
import { useFollowedUnits, type FollowedUnit } from '../../follow/followedUnits';
import { FormattedMessage } from '../../i18n/intl';
import { pickText } from '../../i18n/locale';
import { UnitTable } from '../schedule/unitTable';
import { zoneOf } from '../schedule/data';
import { DayCaption } from '../schedule/parts';

interface FollowData {
  organisations: CodeLookup;
  disciplines: CodeLookup;
  statuses: CodeLookup;
}

/** The code tables the page names things with; what is followed is the browser's, read after hydration. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<FollowData> {
  const data = sourceFor(context, request);
  const [organisations, disciplines, statuses] = await Promise.all([
    codeLookup(data, 'organisation'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'schedulestatus'),
  ]);
  return { organisations, disciplines, statuses };
}

/**
 * "My schedule": the delegations and athletes the reader follows, the units they take part in, and
 * a calendar subscription of them.
 */
export function Component() {
  const { organisations, disciplines, statuses } = useLoaderData() as FollowData;
  const locale = useLocale();
  const followed = useFollowed();
  const { units, loading, error } = useFollowedUnits();
  const none = followed.delegations.length === 0 && followed.athletes.length === 0;
  const calendar = new URLSearchParams({
    ...(followed.delegations.length ? { delegation: followed.delegations.join(',') } : {}),
    ...(followed.athletes.length ? { athlete: followed.athletes.join(',') } : {}),
    lang: locale,
  });
  return (
    <section aria-labelledby="follow-title" className="follow-page">
      <h1 id="follow-title">
        <FormattedMessage id="follow.title" />
      </h1>
      {none ? (
        <p className="empty">
          <FormattedMessage id="follow.none" />
        </p>
      ) : (
        <>
          {followed.delegations.length > 0 ? (
            <>
              <h2>
                <FormattedMessage id="follow.delegations" />
              </h2>
              <ul className="follow-list">
                {followed.delegations.map((code) => (
                  <li key={code}>
                    <Link to={`/delegation/${code}/schedule`}>{pickText(organisations[code], locale) || code}</Link>{' '}
                    <FollowButton kind="delegations" code={code} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {followed.athletes.length > 0 ? (
            <>
              <h2>
                <FormattedMessage id="follow.athletes" />
              </h2>
              <ul className="follow-list">
                {followed.athletes.map((code) => (
                  <li key={code}>
                    <Link to={`/competitor/${code}`}>{code}</Link> <FollowButton kind="athletes" code={code} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="calendar-link">
            <a href={`/calendar/follow.ics?${calendar.toString()}`} type="text/calendar">
              <FormattedMessage id="calendar.subscribe" />
            </a>
          </p>
          <h2 id="follow-units">
            <FormattedMessage id="follow.units" />
          </h2>
          {error ? (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          ) : null}
          {units.length > 0 ? (
            byDay(units).map(({ date, zone, units: dayUnits }) => (
              <UnitTable
                key={date}
                units={dayUnits}
                caption={date === UNDATED ? '—' : <DayCaption date={date} zone={zone} />}
                zone={zone}
                disciplines={disciplines}
                statuses={statuses}
              />
            ))
          ) : (
            <p className="empty" aria-busy={loading}>
              <FormattedMessage id={loading ? 'follow.loading' : 'common.noData'} />
            </p>
          )}
        </>
      )}
    </section>
  );
}

const UNDATED = 'undated';

/** The units by venue day (a day a table, as the daily schedule shows them), undated ones last. */
function byDay(units: readonly FollowedUnit[]): { date: string; zone: string | undefined; units: FollowedUnit[] }[] {
  const days = new Map<string, FollowedUnit[]>();
  for (const unit of units) {
    const date = unit.start?.slice(0, 10) || UNDATED;
    const list = days.get(date);
    if (list) list.push(unit);
    else days.set(date, [unit]);
  }
  return [...days].map(([date, list]) => ({ date, zone: zoneOf(list[0]?.start), units: list }));
}
