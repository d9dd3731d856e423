import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useClientLinks } from '../../components/clientLinks';
import { codeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  disciplineOptions,
  EMPTY_GRID,
  filtersOf,
  loaderLocale,
  openingDay,
  query,
  venueOptions,
  type ScheduleFilters,
} from './data';
import { gridView, type GridCellView, type GridRowView, type GridView } from './grid';
import { DayLabel, FilterForm, Placeholder, ScheduleHeading, type FilterOption } from './parts';

interface TotalData {
  view: GridView;
  filters: ScheduleFilters;
  disciplines: FilterOption[];
  venues: FilterOption[];
  /** The day the games are at, marked in the grid. */
  today: string | undefined;
  /** The games have no schedule at all (as opposed to none matching the filters). */
  empty: boolean;
}

/** The whole games at a glance: disciplines by days, from SCHEDULE_GRID/ALL, filtered by sport and venue. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<TotalData> {
  const data = sourceFor(context, request);
  const locale = loaderLocale(request);
  const filters = filtersOf(new URL(request.url));
  const [document, names] = await Promise.all([data.document('SCHEDULE_GRID', 'ALL'), codeLookup(data, 'discipline')]);
  const grid = document ?? EMPTY_GRID;
  const label = (code: string) => pickText(names[code], locale) || code;
  const view = gridView(grid, filters, label, locale);
  return {
    view,
    filters,
    disciplines: disciplineOptions(grid, label, locale),
    venues: venueOptions(grid, locale),
    today: openingDay(view.dates, grid),
    empty: grid.rows.length === 0 && grid.nonCompetition.length === 0,
  };
}

/**
 * One day of one discipline: a dot when it competes, the number of medal events it decides. The
 * link's name says it in words (a label, not a hidden text element: hundreds of cells, and every
 * element is first-paint work on a phone).
 */
function GridCell({ cell, href, today }: { cell: GridCellView | null; href: string; today: boolean }) {
  const intl = useIntl();
  const className = today ? 'schedule-today' : undefined;
  if (!cell) return <td className={className} />;
  const medals = cell.medalEvents > 0;
  return (
    <td className={className}>
      <a
        className={medals ? 'schedule-grid-medals' : 'schedule-grid-dot'}
        href={href}
        aria-label={
          medals
            ? intl.formatMessage({ id: 'schedule.medalEvents' }, { count: cell.medalEvents })
            : intl.formatMessage({ id: 'schedule.competes' })
        }
      >
        {medals ? cell.medalEvents : '●'}
      </a>
    </td>
  );
}

const dailyHref = (date: string, discipline: string | undefined, venue: string | undefined) =>
  `/schedule/daily${query({ date, discipline, venue })}`;

/**
 * One discipline's row. Its own component, so React can pause between rows while hydrating a
 * grid of hundreds of cells instead of building every cell's link in one task.
 */
function GridRow({
  row,
  dates,
  today,
  venue,
}: {
  row: GridRowView;
  dates: readonly string[];
  today: string | undefined;
  venue: string | undefined;
}) {
  return (
    <tr>
      <th scope="row">
        <a href={`/discipline/${row.discipline}`}>{row.label}</a>
      </th>
      {row.cells.map((cell, index) => (
        <GridCell
          key={dates[index]}
          cell={cell}
          href={dailyHref(dates[index]!, row.discipline, venue)}
          today={dates[index] === today}
        />
      ))}
      <td className="schedule-grid-sum">{row.medalEvents > 0 ? row.medalEvents : ''}</td>
    </tr>
  );
}

export function Component() {
  const { view, filters, disciplines, venues, today, empty } = useLoaderData() as TotalData;
  const intl = useIntl();
  const daily = (date: string, discipline?: string) => dailyHref(date, discipline, filters.venue);
  const nothing = view.rows.length === 0 && !view.nonCompetition;
  // Hundreds of cells: plain links, navigated in the app by one handler.
  const clientLinks = useClientLinks();
  return (
    <section aria-labelledby="schedule-title" className="schedule-total">
      <ScheduleHeading id="schedule-title" />
      <FilterForm keep={{}} disciplines={disciplines} venues={venues} filters={filters} />
      {empty || nothing ? (
        <Placeholder filtered={!empty} />
      ) : (
        <div
          className="schedule-grid-scroll"
          role="region"
          aria-labelledby="schedule-grid-caption"
          tabIndex={0}
          onClick={clientLinks}
        >
          <table className="schedule-grid">
            <caption id="schedule-grid-caption">
              <FormattedMessage id="schedule.gridCaption" />{' '}
              <small>{intl.formatMessage({ id: 'schedule.gridLegend' })}</small>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="schedule.discipline" />
                </th>
                {view.dates.map((date) => (
                  <th
                    key={date}
                    scope="col"
                    aria-current={date === today ? 'date' : undefined}
                    className={date === today ? 'schedule-today' : undefined}
                  >
                    <a href={daily(date, filters.discipline)}>
                      <DayLabel date={date} />
                    </a>
                  </th>
                ))}
                <th scope="col">
                  <FormattedMessage id="schedule.medalEventsRow" />
                </th>
              </tr>
            </thead>
            <tbody>
              {view.nonCompetition ? (
                <tr className="schedule-grid-non">
                  <th scope="row">
                    <a href="/schedule/non">
                      <FormattedMessage id="schedule.non" />
                    </a>
                  </th>
                  {view.nonCompetition.map((units, index) => (
                    <td key={view.dates[index]} className={view.dates[index] === today ? 'schedule-today' : undefined}>
                      {units > 0 ? (
                        <a
                          href={`/schedule/non#day-${view.dates[index]}`}
                          className="schedule-grid-dot"
                          aria-label={intl.formatMessage({ id: 'schedule.nonEntry' })}
                        >
                          ★
                        </a>
                      ) : null}
                    </td>
                  ))}
                  <td />
                </tr>
              ) : null}
              {view.rows.map((row) => (
                <GridRow key={row.discipline} row={row} dates={view.dates} today={today} venue={filters.venue} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">
                  <FormattedMessage id="schedule.totalColumn" />
                </th>
                {view.dayMedalEvents.map((count, index) => (
                  <td key={view.dates[index]} className={view.dates[index] === today ? 'schedule-today' : undefined}>
                    {count}
                  </td>
                ))}
                <td className="schedule-grid-sum">{view.medalEvents}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
