import { FormattedMessage } from 'react-intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pickText, type DataText } from '../i18n/locale';
import { useLocale } from '../app/locale';
import { sourceFor } from '../data/source';
import { codeLookup, type CodeLookup } from '../data/codes';

interface ScheduleIndex {
  days: { date: string; units: number; medalUnits: number }[];
}
interface Unit {
  code: string;
  discipline: string;
  name: DataText;
  start?: string;
  hideStartDate: boolean;
  medal?: string;
  status?: string;
  venueName: DataText;
}
interface ScheduleData {
  days: ScheduleIndex['days'];
  date: string | undefined;
  units: Unit[];
  disciplines: CodeLookup;
  statuses: CodeLookup;
}

/** The whole-games schedule, one day at a time (`?date=`, default the first day with units). */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ScheduleData> {
  const data = sourceFor(context, request);
  const index = await data.document<ScheduleIndex>('SCHEDULE', 'ALL');
  const days = index?.days ?? [];
  const asked = new URL(request.url).searchParams.get('date');
  const date = days.find((d) => d.date === asked)?.date ?? days[0]?.date;
  const [day, disciplines, statuses] = await Promise.all([
    date ? data.document<{ units: Unit[] }>('SCHEDULE_DAY', date) : undefined,
    codeLookup(data, 'discipline'),
    codeLookup(data, 'schedulestatus'),
  ]);
  return { days, date, units: day?.units ?? [], disciplines, statuses };
}

/** The venue's local time as written in the feed (the offset is the venue's), labelled with its zone. */
const localTime = (start: string | undefined) => start?.slice(11, 16) ?? '';
const zoneOf = (start: string | undefined) => (start && start.length > 19 ? `UTC${start.slice(19)}` : '');

export function Component() {
  const { days, date, units, disciplines, statuses } = useLoaderData() as ScheduleData;
  const locale = useLocale();
  return (
    <section aria-labelledby="schedule-title">
      <h1 id="schedule-title">
        <FormattedMessage id="schedule.title" />
      </h1>
      <nav className="day-strip" aria-label="days">
        {days.map((d) => (
          <Link key={d.date} to={`?date=${d.date}`} aria-current={d.date === date ? 'page' : undefined}>
            {d.date === 'UNSCHEDULED' ? '—' : d.date.slice(5)}
            <small>
              <FormattedMessage id="schedule.units" values={{ count: d.units }} />
            </small>
          </Link>
        ))}
      </nav>
      {units.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table">
          <caption>
            {date} · <FormattedMessage id="common.timeZone" values={{ zone: zoneOf(units[0]?.start) }} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="schedule.time" />
              </th>
              <th scope="col">
                <FormattedMessage id="schedule.unit" />
              </th>
              <th scope="col" className="hide-narrow">
                <FormattedMessage id="schedule.venue" />
              </th>
              <th scope="col">
                <FormattedMessage id="schedule.status" />
              </th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => (
              <tr key={unit.code}>
                <td>{unit.hideStartDate ? <FormattedMessage id="schedule.hiddenTime" /> : localTime(unit.start)}</td>
                <td>
                  <span className="discipline">
                    {pickText(disciplines[unit.discipline], locale) || unit.discipline}
                  </span>{' '}
                  <Link to={`/${unit.code}`}>{pickText(unit.name, locale)}</Link>
                  {unit.medal ? (
                    <span className="medal-mark" title="medal">
                      {' '}
                      ● <FormattedMessage id="schedule.medalUnit" />
                    </span>
                  ) : null}
                </td>
                <td className="hide-narrow">{pickText(unit.venueName, locale)}</td>
                <td>
                  <span className={`status status-${(unit.status ?? '').toLowerCase()}`}>
                    {pickText(statuses[unit.status ?? ''], locale) || unit.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
