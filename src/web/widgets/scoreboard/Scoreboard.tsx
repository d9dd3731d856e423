import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { CellValue, RichCell, ScoreboardSide, ScoreboardView } from '../../../core/views';
import type { CellKind } from '../../../core/sports/vocabulary';
import { cellViewOf } from '../table/CellView';
import { FINISHED_STATUSES } from './live';

function Cell({ kind, value, label }: { kind: CellKind; value: CellValue | undefined; label: string }) {
  if (value === undefined || value === '') return null;
  const rich: RichCell = typeof value === 'string' ? { text: value } : value;
  const { Cell: View } = cellViewOf(kind);
  return <View value={rich} label={label} kind={kind} />;
}

function Side({ side, at }: { side: ScoreboardSide; at: 'first' | 'second' }) {
  const intl = useIntl();
  return (
    <div className={`scoreboard-side scoreboard-${at}${side.winner ? ' scoreboard-won' : ''}`}>
      {side.homeAway ? <span className="scoreboard-home-away muted">{side.homeAway}</span> : null}
      <span className="scoreboard-name">
        <Cell kind="name" value={side.name} label={intl.formatMessage({ id: 'scoreboard.side' })} />
      </span>
      {side.organisation ? (
        <span className="scoreboard-organisation muted">
          <Cell kind="organisation" value={side.organisation} label={intl.formatMessage({ id: 'scoreboard.side' })} />
        </span>
      ) : null}
      {side.winner ? (
        <span className="scoreboard-winner">
          <FormattedMessage id="scoreboard.winner" />
        </span>
      ) : null}
      {side.irm ? (
        <span className="scoreboard-irm" title={side.irm.code}>
          {side.irm.words ?? side.irm.code}
        </span>
      ) : null}
      {side.extras.length > 0 ? (
        <dl className="scoreboard-extras">
          {side.extras.map((extra) => (
            <div key={extra.label}>
              <dt>{extra.label}</dt>
              <dd>{typeof extra.value === 'string' ? extra.value : extra.value.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

const nameText = (side: ScoreboardSide): string => (typeof side.name === 'string' ? side.name : side.name.text);

/** The state line: live with the period and clock, final, or nothing before the start. */
function State({ view, status }: { view: ScoreboardView; status: string | undefined }) {
  if (status === undefined || status === 'START_LIST') return null;
  if (FINISHED_STATUSES.has(status)) {
    return (
      <p className="scoreboard-state">
        <span className="status status-finished">
          <FormattedMessage id="scoreboard.final" />
        </span>
      </p>
    );
  }
  return (
    <p className="scoreboard-state">
      <span className="status status-running">
        <FormattedMessage id="scoreboard.live" />
      </span>
      {view.live?.period ? <span className="scoreboard-period">{view.live.period}</span> : null}
      {view.live?.clock ? <span className="scoreboard-clock">{view.live.clock}</span> : null}
    </p>
  );
}

/**
 * A head-to-head unit at a glance: both sides, the score large between them, the winner in words,
 * the state (live with period and clock, or final), then the periods in one line per side. Plain
 * server HTML: it reads without scripts and keeps its size when a refresh changes the numbers.
 */
export function Scoreboard({ view, status, title }: { view: ScoreboardView; status?: string; title: string }) {
  const intl = useIntl();
  const [first, second] = view.sides;
  return (
    <section className="scoreboard" aria-label={title}>
      <State view={view} status={status} />
      <div className="scoreboard-main">
        <Side side={first} at="first" />
        <p className="scoreboard-score">
          {/* Said as a sentence ("Guangdong 88, Shanghai 79"): a reader does not rely on the layout. */}
          <span className="sr-only">
            {intl.formatMessage(
              { id: 'scoreboard.scoreText' },
              { first: nameText(first), second: nameText(second), a: first.score ?? '-', b: second.score ?? '-' },
            )}
          </span>
          <span className="scoreboard-points" aria-hidden="true">
            {first.score ?? '-'}
          </span>
          <span className="scoreboard-dash" aria-hidden="true">
            {' - '}
          </span>
          <span className="scoreboard-points" aria-hidden="true">
            {second.score ?? '-'}
          </span>
        </p>
        <Side side={second} at="second" />
      </div>
      {view.periods.length > 0 ? (
        // Nine innings may not fit a phone: the box scrolls, and a keyboard can reach it to scroll.
        <div className="scoreboard-periods-scroll" tabIndex={0} role="group" aria-label={view.periodsLabel}>
          <table className="scoreboard-periods">
            <caption className="sr-only">{view.periodsLabel}</caption>
            <thead>
              <tr>
                <td />
                {view.periods.map((p, i) => (
                  <th key={`${p.label}-${i}`} scope="col">
                    {p.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[first, second].map((side, s) => (
                <tr key={side.key} className={side.winner ? 'scoreboard-won' : undefined}>
                  <th scope="row">{nameText(side)}</th>
                  {view.periods.map((p, i) => (
                    <td key={`${p.label}-${i}`}>{p.scores[s]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
