import { Fragment } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import type { MatchWithInfo, PlaceSource } from './match';

/** "Nov 15" (11月15日) from the catalogue, so the server and the browser print the same. */
function MonthDay({ date }: { date: string }) {
  const [, month, day] = date.split('-').map(Number);
  if (!month || !day) return <>{date}</>;
  return <FormattedMessage id="schedule.monthDay" values={{ month: String(month), day: String(day) }} />;
}

/** A match's own score, unless it only repeats its places' ("3-1" beside 3 and 1). */
function ownScore(match: MatchWithInfo): string | undefined {
  const { result } = match;
  if (!result) return undefined;
  const [a, b] = match.slots.map((slot) => slot.result ?? '');
  const digits = (value: string) => value.replace(/\s+/g, '').replace(/[:–]/g, '-');
  return a && b && digits(result) === `${a}-${b}` ? undefined : result;
}

/**
 * A match's first line: when it is played (its date and time) and its score when the places do not
 * show it. Nothing when the feed gives neither.
 */
export function MatchWhen({ match }: { match: MatchWithInfo }) {
  const score = ownScore(match);
  if (!match.date && !match.time && !score) return null;
  return (
    <div className="bracket-slot muted" style={{ fontSize: '0.8em', paddingBlock: '0.2rem' }}>
      <span>
        {match.date ? <MonthDay date={match.date} /> : null}
        {match.date && match.time ? ' ' : null}
        {match.time ? <time>{match.time}</time> : null}
      </span>
      {score ? (
        <span className="bracket-score">
          <span className="sr-only">
            <FormattedMessage id="bracket.score" />{' '}
          </span>
          {score}
        </span>
      ) : null}
    </div>
  );
}

/** One previous unit: "Winner of Semifinal 1", "Loser of ...", "No. 2 of Group A". */
function Source({ source }: { source: PlaceSource }) {
  const unit = source.name ?? source.unit;
  if (source.wlt === 'W') return <FormattedMessage id="bracket.winnerOf" values={{ unit }} />;
  if (source.wlt === 'L') return <FormattedMessage id="bracket.loserOf" values={{ unit }} />;
  if (source.rank) return <FormattedMessage id="bracket.rankOf" values={{ unit, rank: source.rank }} />;
  return <FormattedMessage id="bracket.from" values={{ unit }} />;
}

/** Where a place comes from: its previous units, one after the other. */
export function SlotFrom({ from }: { from: readonly PlaceSource[] }) {
  return (
    <>
      {from.map((source, i) => (
        <Fragment key={`${source.unit}|${i}`}>
          {i > 0 ? ' / ' : null}
          <Source source={source} />
        </Fragment>
      ))}
    </>
  );
}
