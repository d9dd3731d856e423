import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from 'react-router';
import type { PoolView } from '../../../core/views';
import { ResultTable } from '../table/ResultTable';
import type { PoolCell, PoolProgress, PoolWithInfo } from './info';

/** "Nov 15" (11月15日) from the catalogue, so the server and the browser print the same. */
function MonthDay({ date }: { date: string }) {
  const [, month, day] = date.split('-').map(Number);
  if (!month || !day) return <>{date}</>;
  return <FormattedMessage id="schedule.monthDay" values={{ month: String(month), day: String(day) }} />;
}

/** How far the pool is: "4 of 6 games played", and its latest game, linked. */
function Progress({ progress }: { progress: PoolProgress }) {
  const { total, complete, last, lastGame, lastName } = progress;
  return (
    <p className="pool-progress muted">
      {complete !== undefined && total !== undefined ? (
        <FormattedMessage id="pool.progress" values={{ complete: String(complete), total: String(total) }} />
      ) : null}
      {last ? (
        <>
          {complete !== undefined && total !== undefined ? ' · ' : null}
          <FormattedMessage id="pool.lastUnit" />{' '}
          <Link to={`/${last}`}>
            {lastGame ? `${lastGame.home} ${lastGame.result} ${lastGame.away}` : (lastName ?? last)}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** A game of the grid: its score (linked to the game) and date, or the date of a game to come. */
function Game({ cell }: { cell: PoolCell }) {
  const date = cell.date ? (
    <small className="muted" style={{ display: 'block', fontWeight: 400 }}>
      <MonthDay date={cell.date} />
    </small>
  ) : null;
  if (!cell.result) {
    const scheduled = cell.date ? <MonthDay date={cell.date} /> : <FormattedMessage id="pool.scheduled" />;
    return (
      <td className="muted">
        <small>{cell.unit ? <Link to={`/${cell.unit}`}>{scheduled}</Link> : scheduled}</small>
      </td>
    );
  }
  return (
    <td className={cell.wlt ? `pool-${cell.wlt.toLowerCase()}` : undefined}>
      {cell.unit ? <Link to={`/${cell.unit}`}>{cell.result}</Link> : cell.result}
      {date}
    </td>
  );
}

/**
 * One group: how far it is, its standing (the plugin's columns) and the grid of its games, each
 * line's results against each opponent (columns by number, as on a pool sheet).
 */
export function PoolWidget({ view: shared, title }: { view: PoolView; title: string }) {
  const intl = useIntl();
  const view = shared as PoolWithInfo;
  const { competitors, results } = view.matrix;
  const games = results.some((line) => line.some(Boolean));
  const numberOf = (i: number) => competitors[i]?.number ?? i + 1;
  return (
    <div className="pool">
      {view.progress ? <Progress progress={view.progress} /> : null}
      <ResultTable view={view.table} label={title} />
      {games ? (
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={intl.formatMessage({ id: 'pool.matrix' }, { group: title })}
        >
          <table className="data-table pool-matrix">
            <caption>
              <FormattedMessage id="pool.matrix" values={{ group: title }} />
            </caption>
            <thead>
              <tr>
                <td />
                {competitors.map((c, j) => (
                  <th key={c.code} scope="col" title={c.name}>
                    <abbr title={c.name}>{numberOf(j)}</abbr>
                    {c.organisation ? (
                      <small className="muted" style={{ display: 'block', fontWeight: 400 }}>
                        {c.organisation}
                      </small>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {competitors.map((c, i) => (
                <tr key={c.code}>
                  <th scope="row" style={{ textAlign: 'left', whiteSpace: 'nowrap' }}>
                    {numberOf(i)} {c.short}
                  </th>
                  {competitors.map((o, j) => {
                    const cell = results[i]?.[j];
                    if (i === j) return <td key={o.code} className="pool-self" aria-label="—" />;
                    if (!cell) return <td key={o.code} />;
                    return <Game key={o.code} cell={cell} />;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
