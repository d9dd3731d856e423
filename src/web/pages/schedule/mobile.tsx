import { useEffect, useRef } from 'react';
import { useFollowedUnits } from '../../follow/followedUnits';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  chosenDay,
  disciplineOptions,
  EMPTY_GRID,
  entryOf,
  filtersOf,
  hasFilters,
  loaderLocale,
  matches,
  query,
  stripDays,
  type ScheduleEntry,
  type ScheduleFilters,
} from './data';
import {
  DayCaption,
  DayLabel,
  DisciplineName,
  FilterForm,
  MedalDot,
  MedalMark,
  Placeholder,
  StatusBadge,
  UnitTime,
  type FilterOption,
  type StripDay,
} from './parts';

interface MobileData {
  days: StripDay[];
  date: string | undefined;
  dayUnits: number;
  units: ScheduleEntry[];
  filters: ScheduleFilters;
  zone: string | undefined;
  disciplineOptions: FilterOption[];
  disciplines: CodeLookup;
  statuses: CodeLookup;
}

/** The phone schedule: the same day as the daily page, narrowed by sport only. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<MobileData> {
  const data = sourceFor(context, request);
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  const { discipline } = filtersOf(url);
  const filters: ScheduleFilters = discipline ? { discipline } : {};
  const [document, disciplines, statuses] = await Promise.all([
    data.document('SCHEDULE_GRID', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'schedulestatus'),
  ]);
  const grid = document ?? EMPTY_GRID;
  const date = chosenDay(url, grid);
  const day = date ? await data.document('SCHEDULE_DAY', date) : undefined;
  const all = day?.units ?? [];
  return {
    days: stripDays(grid),
    date,
    dayUnits: all.length,
    units: all.filter((u) => matches(u, filters)).map(entryOf),
    filters,
    zone: grid.zone,
    disciplineOptions: disciplineOptions(grid, (code) => pickText(disciplines[code], locale) || code, locale),
    disciplines,
    statuses,
  };
}

/** Days side by side, scrolling sideways; the chosen day is brought into view once hydrated. */
function Calendar({ days, selected, discipline }: { days: StripDay[]; selected?: string; discipline?: string }) {
  const intl = useIntl();
  const current = useRef<HTMLAnchorElement>(null);
  // Braces: newer Chromium returns a promise from scrollIntoView, which an effect must not return.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [selected]);
  return (
    <nav className="sm-calendar" aria-label={intl.formatMessage({ id: 'schedule.days' })}>
      {days.map((d) => (
        <Link
          key={d.date}
          to={query({ date: d.date, discipline })}
          aria-current={d.date === selected ? 'page' : undefined}
          ref={d.date === selected ? current : undefined}
        >
          <DayLabel date={d.date} />
          <small>
            <FormattedMessage id="schedule.units" values={{ count: d.units }} />
          </small>
          {d.medalEvents > 0 ? <MedalDot count={d.medalEvents} /> : <span className="sm-no-medal" />}
        </Link>
      ))}
    </nav>
  );
}

function Card({
  unit,
  zone,
  disciplines,
  statuses,
  followed,
}: {
  unit: ScheduleEntry;
  /** A unit of a delegation or athlete the reader follows (highlighted). */
  followed: boolean;
  zone: string | undefined;
  disciplines: CodeLookup;
  statuses: CodeLookup;
}) {
  const locale = useLocale();
  const body = (
    <>
      <span className="sm-card-top">
        <UnitTime unit={unit} zone={zone} />
        <StatusBadge status={unit.status} statuses={statuses} />
        {unit.medal ? <MedalMark /> : null}
      </span>
      <strong>{pickText(unit.name, locale)}</strong>
      <span className="sm-card-meta">
        <DisciplineName unit={unit} disciplines={disciplines} /> · {pickText(unit.venueName, locale)}
      </span>
    </>
  );
  const className = followed ? 'sm-card row-followed' : 'sm-card';
  return unit.nonCompetition ? (
    <div className={className}>{body}</div>
  ) : (
    <Link className={className} to={`/${unit.code}`}>
      {body}
    </Link>
  );
}

/** `/scheduleMobile`: phone first, with no site header or footer (spec section 2). */
export function Component() {
  const { days, date, dayUnits, units, filters, zone, disciplineOptions, disciplines, statuses } =
    useLoaderData() as MobileData;
  const followedUnits = useFollowedUnits().codes;
  return (
    <main className="schedule-mobile" aria-labelledby="sm-title">
      <div className="sm-bar">
        <h1 id="sm-title">
          <FormattedMessage id="schedule.title" />
        </h1>
        <Link to="/schedule/total" className="sm-full">
          <FormattedMessage id="schedule.fullSite" />
        </Link>
      </div>
      <Calendar days={days} selected={date} discipline={filters.discipline} />
      <FilterForm keep={{ date }} disciplines={disciplineOptions} filters={filters} />
      {units.length === 0 || !date ? (
        <Placeholder filtered={dayUnits > 0 && hasFilters(filters)} />
      ) : (
        <>
          <p className="sm-caption">
            <DayCaption date={date} zone={zone} />
          </p>
          <ol className="sm-cards">
            {units.map((unit) => (
              <li key={unit.code}>
                <Card
                  unit={unit}
                  zone={zone}
                  disciplines={disciplines}
                  statuses={statuses}
                  followed={followedUnits.has(unit.code)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </main>
  );
}
