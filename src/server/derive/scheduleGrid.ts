import { startDay } from '../../core/schedule/order';
import type { GridCell, ScheduleGrid, ScheduleUnit } from '../../../schemas/api';

/*
 * SCHEDULE_GRID/ALL: the games at a glance. `days` runs without gaps from the first dated entry to
 * the last (a rest day is a column too); competition disciplines are rows of cells kept per venue
 * so the site can filter by venue without another document; non-competition entries are counted
 * apart. Small by construction: one cell per discipline, day and venue.
 */

/** Statuses of a unit that has begun (ODF ScheduleStatus). */
const STARTED = new Set(['GETTING_READY', 'RUNNING', 'INTERRUPTED', 'FINISHED']);

const DAY_MS = 86_400_000;

/** Every calendar date from `first` to `last`, both included (dates as yyyy-mm-dd). */
export function dateRange(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * The day each event is decided: the day of its last medal unit in schedule order (a bronze match
 * comes before the final; a round-based event's medal round is its last). Keyed by unit code.
 */
function decidingUnits(units: readonly ScheduleUnit[]): Set<string> {
  const last = new Map<string, ScheduleUnit>();
  for (const unit of units) if (unit.medal && !unit.nonCompetition) last.set(unit.event, unit);
  return new Set([...last.values()].filter((u) => startDay(u.start)).map((u) => u.code));
}

/** Builds the grid from units already in schedule order. */
export function scheduleGrid(units: readonly ScheduleUnit[], venues: ScheduleGrid['venues']): ScheduleGrid {
  const dated = units.filter((u) => startDay(u.start));
  const first = startDay(dated[0]?.start);
  const dates = first ? dateRange(first, startDay(dated[dated.length - 1]?.start) ?? first) : [];
  const days = new Map(dates.map((date) => [date, { date, units: 0, medalEvents: 0 }]));
  const deciding = decidingUnits(units);
  const rows = new Map<string, Map<string, GridCell>>();
  const nonCompetition = new Map<string, { date: string; venue: string; units: number }>();
  let liveDay: string | undefined;
  for (const unit of dated) {
    const date = startDay(unit.start)!;
    const venue = unit.venue ?? '';
    const day = days.get(date)!;
    day.units += 1;
    if (STARTED.has(unit.status ?? '')) liveDay = date;
    if (unit.nonCompetition) {
      const key = `${date}/${venue}`;
      const entry = nonCompetition.get(key) ?? { date, venue, units: 0 };
      entry.units += 1;
      nonCompetition.set(key, entry);
      continue;
    }
    const cells = rows.get(unit.discipline) ?? new Map<string, GridCell>();
    rows.set(unit.discipline, cells);
    const key = `${date}/${venue}`;
    const cell = cells.get(key) ?? { date, venue, units: 0, medalEvents: 0 };
    cells.set(key, cell);
    cell.units += 1;
    if (deciding.has(unit.code)) {
      cell.medalEvents += 1;
      day.medalEvents += 1;
    }
  }
  const zone = /(Z|[+-]\d{2}:\d{2})$/.exec(dated[0]?.start ?? '')?.[1];
  return {
    days: [...days.values()],
    undated: units.length - dated.length,
    ...(liveDay ? { liveDay } : {}),
    ...(zone ? { zone } : {}),
    rows: [...rows]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([discipline, cells]) => ({ discipline, cells: [...cells.values()] })),
    nonCompetition: [...nonCompetition.values()],
    venues,
  };
}
