import type { ReactNode } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import { Link } from 'react-router';
import { useLocale } from '../../app/locale';
import type { CodeLookup } from '../../data/codes';
import { pickText } from '../../i18n/locale';
import type { ScheduleEntry } from './data';
import { DisciplineName, MedalMark, StatusBadge, UnitTime } from './parts';
import { useFollowedUnits } from '../../follow/followedUnits';

/**
 * Units in schedule order as a table: time (venue's zone), sport, unit (linking to its unit page),
 * venue and status. Non-competition entries have no unit page, so they are not links.
 */
export function UnitTable({
  units,
  caption,
  labelledBy,
  zone,
  disciplines,
  statuses,
  showDiscipline = true,
}: {
  units: readonly ScheduleEntry[];
  /** The table's caption, or the id of the heading that names it (`labelledBy`). */
  caption?: ReactNode;
  labelledBy?: string;
  zone: string | undefined;
  disciplines: CodeLookup;
  statuses: CodeLookup;
  showDiscipline?: boolean;
}) {
  const locale = useLocale();
  const followedUnits = useFollowedUnits().codes;
  return (
    <table className="data-table schedule-units" aria-labelledby={labelledBy}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col" className="schedule-time">
            <FormattedMessage id="schedule.time" />
          </th>
          {showDiscipline ? (
            <th scope="col" className="hide-narrow schedule-discipline">
              <FormattedMessage id="schedule.discipline" />
            </th>
          ) : null}
          <th scope="col">
            <FormattedMessage id={showDiscipline ? 'schedule.unit' : 'schedule.event'} />
          </th>
          <th scope="col" className="hide-narrow schedule-venue">
            <FormattedMessage id="schedule.venue" />
          </th>
          <th scope="col" className="schedule-status">
            <FormattedMessage id="schedule.status" />
          </th>
        </tr>
      </thead>
      <tbody>
        {units.map((unit) => (
          <tr
            key={unit.code}
            className={
              [unit.medal ? 'schedule-medal-row' : '', followedUnits.has(unit.code) ? 'row-followed' : '']
                .join(' ')
                .trim() || undefined
            }
          >
            <td className="schedule-time">
              <UnitTime unit={unit} zone={zone} />
            </td>
            {showDiscipline ? (
              <td className="hide-narrow discipline">
                <DisciplineName unit={unit} disciplines={disciplines} />
              </td>
            ) : null}
            <td>
              {unit.nonCompetition ? (
                pickText(unit.name, locale)
              ) : (
                <Link to={`/${unit.code}`}>{pickText(unit.name, locale)}</Link>
              )}
              {unit.medal ? <MedalMark /> : null}
              {/* On a phone the sport and venue columns fold into this line. */}
              <small className="schedule-narrow-only">
                {showDiscipline ? (
                  <>
                    <DisciplineName unit={unit} disciplines={disciplines} />
                    {' · '}
                  </>
                ) : null}
                {pickText(unit.venueName, locale)}
              </small>
            </td>
            <td className="hide-narrow">{pickText(unit.venueName, locale)}</td>
            <td>
              <StatusBadge status={unit.status} statuses={statuses} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
