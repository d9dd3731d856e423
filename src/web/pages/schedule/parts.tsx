/** Pieces the schedule pages share: section tabs, day labels and strip, filters, badges, times. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { OptionSelect, type SelectOption } from '../../components/OptionSelect';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { useLocale } from '../../app/locale';
import type { CodeLookup } from '../../data/codes';
import { pickText } from '../../i18n/locale';
import { localTime, query, UNDATED, zoneLabel, zoneOf, type ScheduleEntry, type ScheduleFilters } from './data';

const SECTIONS = ['total', 'daily', 'delegation', 'non'] as const;

/** The schedule's children (spec section 2) as tabs under the page title. */
export function ScheduleHeading({ id }: { id: string }) {
  const intl = useIntl();
  return (
    <>
      <h1 id={id}>
        <FormattedMessage id="schedule.title" />
      </h1>
      <nav className="tabs" aria-label={intl.formatMessage({ id: 'schedule.sections' })}>
        {SECTIONS.map((section) => (
          <NavLink
            key={section}
            to={`/schedule/${section}`}
            className={({ isActive }) => (isActive ? 'active' : undefined)}
          >
            <FormattedMessage id={`schedule.${section}`} />
          </NavLink>
        ))}
      </nav>
    </>
  );
}

/** Weekday of a yyyy-mm-dd date (0 = Sunday), independent of the reader's zone. */
const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** "Sat" and "Nov 15" (or 周六, 11月15日) from the catalogue, so server and browser print the same. */
export function DayLabel({ date, weekday = true }: { date: string; weekday?: boolean }) {
  if (date === UNDATED) return <FormattedMessage id="schedule.undated" />;
  const [, month, day] = date.split('-').map(Number);
  return (
    <>
      {weekday ? (
        <span className="day-weekday">
          <FormattedMessage id="schedule.weekday" values={{ day: String(weekdayOf(date)) }} />{' '}
        </span>
      ) : null}
      <span className="day-date">
        <FormattedMessage id="schedule.monthDay" values={{ month: String(month), day: String(day) }} />
      </span>
    </>
  );
}

export interface StripDay {
  date: string;
  units: number;
  medalEvents: number;
}

/** Days as links (the chosen one `aria-current`), scrolling sideways on a phone. */
export function DayStrip({
  days,
  selected,
  hrefFor,
  before,
}: {
  days: readonly StripDay[];
  selected: string | undefined;
  hrefFor: (date: string) => string;
  before?: ReactNode;
}) {
  const intl = useIntl();
  const current = useRef<HTMLAnchorElement>(null);
  // Once hydrated, bring the chosen day into view when the strip is wider than the screen.
  // Braces: newer Chromium returns a promise from scrollIntoView, which an effect must not return.
  useEffect(() => {
    current.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return (
    <nav className="day-strip" aria-label={intl.formatMessage({ id: 'schedule.days' })}>
      {before}
      {days.map((d) => (
        <Link
          key={d.date}
          to={hrefFor(d.date)}
          aria-current={d.date === selected ? 'page' : undefined}
          ref={d.date === selected ? current : undefined}
        >
          <span>
            <DayLabel date={d.date} />
          </span>
          <small>
            <FormattedMessage id="schedule.units" values={{ count: d.units }} />
            {d.medalEvents > 0 ? <MedalDot count={d.medalEvents} /> : null}
          </small>
        </Link>
      ))}
    </nav>
  );
}

/** A gold dot saying (to screen readers) how many medal events a day decides. */
export function MedalDot({ count }: { count: number }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'schedule.medalEvents' }, { count });
  return (
    <span className="schedule-medal-dot" role="img" aria-label={label} title={label}>
      ●
    </span>
  );
}

export type FilterOption = SelectOption;

/**
 * A plain GET form: it works without JavaScript; with it, react-router submits it as a navigation
 * and a change of a select submits at once. `keep` holds the parameters the form carries along.
 */
export function FilterForm({
  keep,
  disciplines,
  venues,
  filters,
  children,
}: {
  keep: Record<string, string | undefined>;
  disciplines: readonly FilterOption[];
  venues?: readonly FilterOption[];
  filters: ScheduleFilters;
  /** Fields before the sport, such as the delegation. */
  children?: ReactNode;
}) {
  const id = useId();
  const intl = useIntl();
  const location = useLocation();
  return (
    <Form
      method="get"
      action={location.pathname}
      className="schedule-filters"
      key={location.search}
      onChange={(event) => event.currentTarget.requestSubmit()}
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <OptionSelect
        id={`${id}-discipline`}
        name="discipline"
        label={<FormattedMessage id="schedule.discipline" />}
        allLabel={intl.formatMessage({ id: 'schedule.allDisciplines' })}
        options={disciplines}
        defaultValue={filters.discipline ?? ''}
      />
      {venues ? (
        <OptionSelect
          id={`${id}-venue`}
          name="venue"
          label={<FormattedMessage id="schedule.venue" />}
          allLabel={intl.formatMessage({ id: 'schedule.allVenues' })}
          options={venues}
          defaultValue={filters.venue ?? ''}
        />
      ) : null}
      <button type="submit">
        <FormattedMessage id="schedule.filter" />
      </button>
      {filters.discipline || filters.venue ? (
        <Link to={query(keep)}>
          <FormattedMessage id="schedule.clearFilters" />
        </Link>
      ) : null}
    </Form>
  );
}

/** The status of a unit in the catalogue's words, coloured by its code (running, finished ...). */
export function StatusBadge({ status, statuses }: { status: string | undefined; statuses: CodeLookup }) {
  const locale = useLocale();
  if (!status) return null;
  return (
    <span className={`status status-${status.toLowerCase()}`}>{pickText(statuses[status], locale) || status}</span>
  );
}

export function MedalMark() {
  return (
    <span className="medal-mark">
      <span aria-hidden="true"> ● </span>
      <FormattedMessage id="schedule.medalUnit" />
    </span>
  );
}

/**
 * The start in the venue's local time; the zone is said once for the page (`zone`) and again next
 * to a time written in another zone.
 */
export function UnitTime({ unit, zone }: { unit: ScheduleEntry; zone: string | undefined }) {
  if (unit.hideStartDate || !unit.start) return <FormattedMessage id="schedule.hiddenTime" />;
  const own = zoneOf(unit.start);
  return (
    <time dateTime={unit.start}>
      {localTime(unit.start)}
      {own && own !== zone ? <small> {zoneLabel(own)}</small> : null}
    </time>
  );
}

/** The page's placeholder: no data at all, or nothing matching the filters. */
export function Placeholder({ filtered }: { filtered: boolean }) {
  return (
    <p className="empty">
      <FormattedMessage id={filtered ? 'common.noSearchResults' : 'common.noData'} />
    </p>
  );
}

/** A day and the zone its times are in, for a table's caption. */
export function DayCaption({ date, zone }: { date: string; zone: string | undefined }) {
  return (
    <>
      <DayLabel date={date} />
      {zone ? (
        <small className="schedule-zone">
          {' · '}
          <ZoneNote zone={zone} />
        </small>
      ) : null}
    </>
  );
}

/** "Local time UTC+08:00", for captions. */
export function ZoneNote({ zone }: { zone: string | undefined }) {
  if (!zone) return null;
  return <FormattedMessage id="common.timeZone" values={{ zone: zoneLabel(zone) }} />;
}

/** A discipline's name from the code table, or what a non-competition entry is. */
export function DisciplineName({ unit, disciplines }: { unit: ScheduleEntry; disciplines: CodeLookup }) {
  const locale = useLocale();
  if (unit.nonCompetition) return <FormattedMessage id="schedule.nonEntry" />;
  return <>{pickText(disciplines[unit.discipline], locale) || unit.discipline}</>;
}
