import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { query } from './data';
import type { GridCellView, GridRowView, GridView } from './grid';
import { DayLabel } from './parts';

export const dailyHref = (date: string, discipline: string | undefined, venue: string | undefined) =>
  `/schedule/daily${query({ date, discipline, venue })}`;

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

/** The non-competition entries' row (ceremonies and the like), first in the grid's body. */
function NonCompetitionRow({ view, today }: { view: GridView; today: string | undefined }) {
  const intl = useIntl();
  return (
    <tr className="schedule-grid-non">
      <th scope="row">
        <a href="/schedule/non">
          <FormattedMessage id="schedule.non" />
        </a>
      </th>
      {(view.nonCompetition ?? []).map((units, index) => (
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
  );
}

/**
 * The grid's table: a row per discipline of `rows` (all of the view's, or the first screen's with
 * `later` standing for the rest), a column per day, the medal events per day in its foot.
 */
export function GridTable({
  view,
  rows,
  later,
  captionId,
  today,
  discipline,
  venue,
}: {
  view: GridView;
  rows: readonly GridRowView[];
  later?: ReactNode;
  captionId: string;
  today: string | undefined;
  discipline: string | undefined;
  venue: string | undefined;
}) {
  const intl = useIntl();
  return (
    <table className="schedule-grid">
      <caption id={captionId}>
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
              <a href={dailyHref(date, discipline, venue)}>
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
        {view.nonCompetition ? <NonCompetitionRow view={view} today={today} /> : null}
        {rows.map((row) => (
          <GridRow key={row.discipline} row={row} dates={view.dates} today={today} venue={venue} />
        ))}
      </tbody>
      {later}
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
  );
}
