import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from 'react-router';
import type { BracketMatch, BracketRound, BracketView } from '../../../core/views';
import { MoreList } from '../../more/MoreList';
import { Legend } from '../table/Legend';
import { MatchWhen, SlotFrom } from './MatchInfo';
import type { MatchWithInfo, SlotWithInfo } from './match';
import { moreOf } from './more';

function Slot({ slot }: { slot: SlotWithInfo }) {
  if (slot.vacant) {
    // An undecided place says where its competitor will come from ("Winner of Semifinal 1").
    return (
      <div className="bracket-slot bracket-vacant">
        <span>{slot.from ? <SlotFrom from={slot.from} /> : slot.vacant}</span>
      </div>
    );
  }
  return (
    <div className={slot.winner ? 'bracket-slot bracket-winner' : 'bracket-slot'}>
      <span className="bracket-name">
        {slot.bib ? (
          <span className="bracket-org">
            <span className="sr-only">
              <FormattedMessage id="bracket.bib" />{' '}
            </span>
            {slot.bib}
          </span>
        ) : null}
        {slot.organisation ? <abbr className="bracket-org">{slot.organisation}</abbr> : null}
        {slot.name}
        {slot.from ? (
          <small className="muted" style={{ display: 'block', fontWeight: 400 }}>
            <SlotFrom from={slot.from} />
          </small>
        ) : null}
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
function MatchMore({ match }: { match: MatchWithInfo }) {
  const intl = useIntl();
  const items = moreOf(match);
  // A team's players, by bib and name, under their team's name (the card shows the teams).
  const teams = match.slots.filter((slot) => slot.members && slot.members.length > 0);
  if (!items && teams.length === 0) return null;
  return (
    <details className="row-toggle bracket-more">
      <summary className="details-toggle" aria-label={intl.formatMessage({ id: 'widget.details' })} />
      {teams.map((slot, i) => (
        <div key={i} className="feed-more bracket-members">
          <h4 className="feed-more-title">{slot.name}</h4>
          <dl>
            {slot.members!.map((member, j) => (
              <div key={j}>
                <dt>{member.bib ?? ''}</dt>
                <dd>{member.name}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {items ? <MoreList items={items} /> : null}
    </details>
  );
}

function Match({ match: shared }: { match: BracketMatch }) {
  const match = shared as MatchWithInfo;
  const body = (
    <>
      <MatchWhen match={match} />
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
