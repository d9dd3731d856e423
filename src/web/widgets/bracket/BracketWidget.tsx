import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from 'react-router';
import type { BracketMatch, BracketRound, BracketSlot, BracketView } from '../../../core/views';
import { MoreList } from '../../more/MoreList';
import { Legend } from '../table/Legend';
import { moreOf } from './more';

function Slot({ slot }: { slot: BracketSlot }) {
  if (slot.vacant) {
    return (
      <div className="bracket-slot bracket-vacant">
        <span>{slot.vacant}</span>
      </div>
    );
  }
  return (
    <div className={slot.winner ? 'bracket-slot bracket-winner' : 'bracket-slot'}>
      <span className="bracket-name">
        {slot.organisation ? <abbr className="bracket-org">{slot.organisation}</abbr> : null}
        {slot.name}
      </span>
      <span className="bracket-score">{slot.result ?? ''}</span>
      {slot.winner ? (
        <span className="sr-only">
          <FormattedMessage id="bracket.winner" />
        </span>
      ) : null}
    </div>
  );
}

/**
 * A match's feed values no layout shows (issue 25), folded under the match like a table row's
 * details: in the HTML always, opened by a native disclosure.
 */
function MatchMore({ match }: { match: BracketMatch }) {
  const intl = useIntl();
  const items = moreOf(match);
  if (!items) return null;
  return (
    <details className="row-toggle bracket-more">
      <summary className="details-toggle" aria-label={intl.formatMessage({ id: 'widget.details' })} />
      <MoreList items={items} />
    </details>
  );
}

function Match({ match }: { match: BracketMatch }) {
  const body = (
    <>
      <Slot slot={match.slots[0]} />
      <Slot slot={match.slots[1]} />
    </>
  );
  return (
    <li className="bracket-match">
      {match.unit ? (
        <Link to={`/${match.unit}`} className="bracket-link">
          {body}
        </Link>
      ) : (
        <div className="bracket-link">{body}</div>
      )}
      <MatchMore match={match} />
    </li>
  );
}

function RoundColumn({ round, last }: { round: BracketRound; last: boolean }) {
  const label = round.label;
  return (
    <section className={last ? 'bracket-round bracket-round-last' : 'bracket-round'} aria-label={label}>
      <h2>{label}</h2>
      <ol>
        {round.matches.map((m) => (
          <Match key={m.code} match={m} />
        ))}
      </ol>
    </section>
  );
}

/**
 * A knockout from DT_BRACKETS: rounds as columns joined by connectors, each match linking to its
 * unit, byes and undecided places shown as such, the bronze match (and other placings) beside the
 * tree. On a phone the rounds scroll sideways, one column at a time.
 */
export function BracketWidget({ view }: { view: BracketView }) {
  if (view.rounds.length === 0 && view.extra.length === 0) {
    return (
      <p className="empty">
        <FormattedMessage id="common.noData" />
      </p>
    );
  }
  return (
    <div className="bracket">
      <div className="bracket-tree" tabIndex={0} role="group" aria-label="bracket">
        {view.rounds.map((round, i) => (
          <RoundColumn key={round.code || i} round={round} last={i === view.rounds.length - 1} />
        ))}
      </div>
      {view.extra.length > 0 ? (
        <div className="bracket-extra">
          {view.extra.map((round, i) => (
            <RoundColumn key={round.code || i} round={round} last />
          ))}
        </div>
      ) : null}
      <Legend entries={view.legend} />
    </div>
  );
}
