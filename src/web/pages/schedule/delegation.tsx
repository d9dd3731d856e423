import { delegationList } from '../../data/delegations';
import { useId } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  byName,
  EMPTY_GRID,
  entryOf,
  filtersOf,
  groupByDay,
  loaderLocale,
  matches,
  openingDay,
  query,
  UNDATED,
  type ScheduleEntry,
  type ScheduleFilters,
} from './data';
import {
  DayCaption,
  DayStrip,
  FilterForm,
  Placeholder,
  ScheduleHeading,
  type FilterOption,
  type StripDay,
} from './parts';
import { UnitTable } from './unitTable';

/** `?date=all` shows every day; a delegation takes part in hundreds of units, so one day is the default. */
const ALL_DAYS = 'all';

interface DelegationData {
  delegations: FilterOption[];
  org: string | undefined;
  days: StripDay[];
  date: string | undefined;
  /** The delegation's units before the sport filter, to tell "no data" from "nothing matches". */
  total: number;
  groups: { date: string; units: ScheduleEntry[] }[];
  filters: ScheduleFilters;
  disciplineOptions: FilterOption[];
  zone: string | undefined;
  disciplines: CodeLookup;
  statuses: CodeLookup;
}

/** The units a delegation takes part in (SCHEDULE_DELEGATION/{org}), a day or all days, grouped by day. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DelegationData> {
  const data = sourceFor(context, request);
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  const asked = (url.searchParams.get('org') ?? '').toUpperCase();
  const org = /^[A-Z0-9]{2,10}$/.test(asked) ? asked : undefined;
  const { discipline } = filtersOf(url);
  const filters: ScheduleFilters = discipline ? { discipline } : {};
  const [index, grid, schedule, disciplines, statuses] = await Promise.all([
    delegationList(data),
    data.document('SCHEDULE_GRID', 'ALL'),
    org ? data.document('SCHEDULE_DELEGATION', org) : undefined,
    codeLookup(data, 'discipline'),
    codeLookup(data, 'schedulestatus'),
  ]);
  const all = schedule?.units ?? [];
  const units = all.filter((u) => matches(u, filters));
  const byDay = groupByDay(units);
  const days = byDay.map(({ date, units: list }) => ({
    date,
    units: list.length,
    medalEvents: list.filter((u) => u.medal).length,
  }));
  const dated = days.map((d) => d.date).filter((d) => d !== UNDATED);
  const wanted = url.searchParams.get('date') ?? '';
  const date =
    wanted === ALL_DAYS || days.some((d) => d.date === wanted) ? wanted : openingDay(dated, grid ?? EMPTY_GRID);
  const label = (code: string) => pickText(disciplines[code], locale) || code;
  const taking = [...new Set(all.map((u) => u.discipline))];
  return {
    delegations: byName(
      index.map((d) => ({ value: d.code, label: pickText(d.name, locale) || d.code })),
      (o) => o.label,
      locale,
    ),
    org,
    days,
    date,
    total: all.length,
    groups: byDay
      .filter((g) => date === ALL_DAYS || g.date === date)
      .map((g) => ({ date: g.date, units: g.units.map(entryOf) })),
    filters,
    disciplineOptions: byName(
      taking.map((code) => ({ value: code, label: label(code) })),
      (o) => o.label,
      locale,
    ),
    zone: grid?.zone,
    disciplines,
    statuses,
  };
}

export function Component() {
  const { delegations, org, days, date, total, groups, filters, disciplineOptions, zone, disciplines, statuses } =
    useLoaderData() as DelegationData;
  const id = useId();
  const intl = useIntl();
  const href = (d: string) => query({ org, date: d, discipline: filters.discipline });
  return (
    <section aria-labelledby="schedule-title" className="schedule-delegation">
      <ScheduleHeading id="schedule-title" />
      <FilterForm
        keep={{ date: date === ALL_DAYS ? date : undefined }}
        disciplines={disciplineOptions}
        filters={filters}
      >
        <label htmlFor={`${id}-org`}>
          <FormattedMessage id="schedule.delegationLabel" />
        </label>
        <select id={`${id}-org`} name="org" defaultValue={org ?? ''}>
          <option value="" disabled>
            {intl.formatMessage({ id: 'schedule.chooseDelegation' })}
          </option>
          {delegations.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FilterForm>
      {!org ? (
        <p className="empty">
          <FormattedMessage id="schedule.chooseDelegation" />
        </p>
      ) : (
        <>
          {days.length > 0 ? (
            <DayStrip
              days={days}
              selected={date}
              hrefFor={href}
              before={
                <Link to={href(ALL_DAYS)} aria-current={date === ALL_DAYS ? 'page' : undefined}>
                  <FormattedMessage id="schedule.allDays" />
                  <small>
                    <FormattedMessage id="schedule.units" values={{ count: days.reduce((n, d) => n + d.units, 0) }} />
                  </small>
                </Link>
              }
            />
          ) : null}
          {groups.length === 0 ? (
            <Placeholder filtered={total > 0 && Boolean(filters.discipline)} />
          ) : (
            groups.map((group) => (
              <section key={group.date} aria-labelledby={`${id}-${group.date}`} className="schedule-day-group">
                <h2 id={`${id}-${group.date}`}>
                  <DayCaption date={group.date} zone={zone} />
                </h2>
                <UnitTable
                  units={group.units}
                  zone={zone}
                  disciplines={disciplines}
                  statuses={statuses}
                  labelledBy={`${id}-${group.date}`}
                />
              </section>
            ))
          )}
        </>
      )}
    </section>
  );
}
