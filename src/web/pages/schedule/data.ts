/**
 * What the schedule pages read and the pure helpers they share: the shapes of the derived schedule
 * documents (their contract: schemas/api/schedule.ts), the day a page opens on, filters from
 * the query string, and times in the venue's zone.
 */
import type { GridCell, ScheduleGrid, ScheduleUnit } from '../../../../schemas/api';
import { BCP47, pickText, requestLocale, type LocaleId } from '../../i18n/locale';

/** A unit as the schedule pages need it (the derived documents carry more): the fields `entryOf` keeps. */
export type ScheduleEntry = Pick<
  ScheduleUnit,
  | 'code'
  | 'discipline'
  | 'name'
  | 'start'
  | 'hideStartDate'
  | 'medal'
  | 'status'
  | 'venue'
  | 'venueName'
  | 'nonCompetition'
>;

export type { GridCell };
/** SCHEDULE_GRID/ALL: the games at a glance. */
export type ScheduleGridDocument = ScheduleGrid;

export const EMPTY_GRID: ScheduleGridDocument = { days: [], undated: 0, rows: [], nonCompetition: [], venues: [] };

/** The key of the day that holds units without a date (as the service names it). */
export const UNDATED = 'UNSCHEDULED';

/** Only the fields a page shows travel in its loader data (the hydration payload). */
export function entryOf(unit: ScheduleEntry): ScheduleEntry {
  const { code, discipline, name, start, hideStartDate, medal, status, venue, venueName, nonCompetition } = unit;
  return {
    code,
    discipline,
    name,
    hideStartDate,
    venueName,
    ...(start ? { start } : {}),
    ...(medal ? { medal } : {}),
    ...(status ? { status } : {}),
    ...(venue ? { venue } : {}),
    ...(nonCompetition ? { nonCompetition } : {}),
  };
}

/** The language of a loader's request, as the root route reads it (query, then cookie). */
export function loaderLocale(request: Request): LocaleId {
  const cookie = request.headers.get('cookie') ?? (typeof document === 'undefined' ? undefined : document.cookie);
  return requestLocale(new URL(request.url), cookie);
}

/** Sorts by the text shown, in the language's own order (pinyin, strokes, alphabet). */
export function byName<T>(items: T[], name: (item: T) => string, locale: LocaleId): T[] {
  const collator = new Intl.Collator(BCP47[locale]);
  return items.sort((a, b) => collator.compare(name(a), name(b)));
}

export interface ScheduleFilters {
  discipline?: string;
  venue?: string;
}

/** Filters from the query string; a value of the wrong shape is ignored rather than looked up. */
export function filtersOf(url: URL): ScheduleFilters {
  const discipline = url.searchParams.get('discipline') ?? '';
  const venue = url.searchParams.get('venue') ?? '';
  return {
    ...(/^[A-Z0-9]{3}$/.test(discipline) ? { discipline } : {}),
    ...(/^[A-Za-z0-9_-]{1,20}$/.test(venue) ? { venue } : {}),
  };
}

export const hasFilters = (filters: ScheduleFilters): boolean => Boolean(filters.discipline || filters.venue);

export const matches = (unit: ScheduleEntry, filters: ScheduleFilters): boolean =>
  (!filters.discipline || unit.discipline === filters.discipline) && (!filters.venue || unit.venue === filters.venue);

/** A query string from the given parameters, leaving out the empty ones. */
export function query(params: Record<string, string | undefined>): string {
  // Written out rather than through URLSearchParams: a schedule grid builds hundreds of these.
  let text = '';
  for (const [key, value] of Object.entries(params))
    if (value) text += `${text ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  return text;
}

/** Minutes east of UTC of an offset as the feed writes it ("+08:00", "Z"). */
function offsetMinutes(zone: string | undefined): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(zone ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The day a page opens on, among `dates` (sorted): today at the venues while the games are on,
 * else the day the feed shows the games have reached (the latest day a unit has started), else
 * the first day; a day without units moves on to the next one that has some.
 */
export function openingDay(
  dates: readonly string[],
  grid: Pick<ScheduleGridDocument, 'liveDay' | 'zone'>,
  now = Date.now(),
): string | undefined {
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return undefined;
  const onOrAfter = (target: string | undefined) =>
    target && target >= first && target <= last ? dates.find((d) => d >= target) : undefined;
  const today = new Date(now + offsetMinutes(grid.zone) * 60_000).toISOString().slice(0, 10);
  return onOrAfter(today) ?? onOrAfter(grid.liveDay) ?? first;
}

/** The UTC offset a start time is written in, or undefined. */
export const zoneOf = (start: string | undefined): string | undefined => /(Z|[+-]\d{2}:\d{2})$/.exec(start ?? '')?.[1];

/** "UTC+08:00" for "+08:00", "UTC" for "Z". */
export const zoneLabel = (zone: string): string => (zone === 'Z' ? 'UTC' : `UTC${zone}`);

/** The venue's local time as written in the feed: the offset the feed writes is the venue's. */
export const localTime = (start: string | undefined): string => start?.slice(11, 16) ?? '';

export const startDate = (start: string | undefined): string | undefined =>
  start && /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : undefined;

/** Units grouped by their day, in the order they come (already schedule order); undated last. */
export function groupByDay(units: readonly ScheduleEntry[]): { date: string; units: ScheduleEntry[] }[] {
  const groups = new Map<string, ScheduleEntry[]>();
  for (const unit of units) {
    const date = startDate(unit.start) ?? UNDATED;
    const list = groups.get(date);
    if (list) list.push(unit);
    else groups.set(date, [unit]);
  }
  return [...groups].map(([date, list]) => ({ date, units: list }));
}

/** Select options for the disciplines of the grid (competition only), by name. */
export function disciplineOptions(
  grid: ScheduleGridDocument,
  label: (discipline: string) => string,
  locale: LocaleId,
): { value: string; label: string }[] {
  return byName(
    grid.rows.map((r) => ({ value: r.discipline, label: label(r.discipline) })),
    (o) => o.label,
    locale,
  );
}

/** Select options for the venues of the games, by name. */
export function venueOptions(grid: ScheduleGridDocument, locale: LocaleId): { value: string; label: string }[] {
  return byName(
    grid.venues.map((v) => ({ value: v.code, label: pickText(v.name, locale) || v.code })),
    (o) => o.label,
    locale,
  );
}

/** The days a day strip offers: every day of the games, then the undated units' day if any. */
export function stripDays(grid: ScheduleGridDocument): { date: string; units: number; medalEvents: number }[] {
  return grid.undated > 0 ? [...grid.days, { date: UNDATED, units: grid.undated, medalEvents: 0 }] : grid.days;
}

/** The day a page shows: the one asked for when the games have it, else the opening day. */
export function chosenDay(url: URL, grid: ScheduleGridDocument): string | undefined {
  const asked = url.searchParams.get('date');
  const days = stripDays(grid).map((d) => d.date);
  if (asked && days.includes(asked)) return asked;
  return openingDay(
    grid.days.map((d) => d.date),
    grid,
  );
}
