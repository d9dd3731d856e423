import type { LocaleId } from '../../i18n/locale';
import { byName, type ScheduleFilters, type ScheduleGridDocument } from './data';

export interface GridCellView {
  units: number;
  medalEvents: number;
}

export interface GridRowView {
  discipline: string;
  label: string;
  /** One per date of the view, undefined on a day the discipline does not compete. */
  cells: (GridCellView | null)[];
  medalEvents: number;
}

/** The grid as the total page draws it: only what the filters keep, summed per day. */
export interface GridView {
  dates: string[];
  rows: GridRowView[];
  /** Non-competition entries per date; absent when a sport is chosen or none match the venue. */
  nonCompetition?: number[];
  dayMedalEvents: number[];
  medalEvents: number;
}

/**
 * Narrows the grid to a discipline and a venue, and sums what is left: a row per discipline that
 * still has units (sorted by its name in the reader's language), a cell per day, medal events per
 * day and in all.
 */
export function gridView(
  grid: ScheduleGridDocument,
  filters: ScheduleFilters,
  label: (discipline: string) => string,
  locale: LocaleId,
): GridView {
  const dates = grid.days.map((d) => d.date);
  const column = new Map(dates.map((date, index) => [date, index]));
  const atVenue = (venue: string) => !filters.venue || venue === filters.venue;
  const rows: GridRowView[] = [];
  for (const row of grid.rows) {
    if (filters.discipline && row.discipline !== filters.discipline) continue;
    const cells: (GridCellView | null)[] = dates.map(() => null);
    let medalEvents = 0;
    for (const cell of row.cells) {
      const index = column.get(cell.date);
      if (index === undefined || !atVenue(cell.venue)) continue;
      const view = cells[index] ?? { units: 0, medalEvents: 0 };
      view.units += cell.units;
      view.medalEvents += cell.medalEvents;
      cells[index] = view;
      medalEvents += cell.medalEvents;
    }
    if (cells.some(Boolean))
      rows.push({ discipline: row.discipline, label: label(row.discipline), cells, medalEvents });
  }
  byName(rows, (r) => r.label, locale);
  const dayMedalEvents = dates.map((_, index) => rows.reduce((sum, r) => sum + (r.cells[index]?.medalEvents ?? 0), 0));
  let nonCompetition: number[] | undefined;
  if (!filters.discipline) {
    const perDay = dates.map(() => 0);
    for (const entry of grid.nonCompetition) {
      const index = column.get(entry.date);
      if (index !== undefined && atVenue(entry.venue)) perDay[index]! += entry.units;
    }
    if (perDay.some((n) => n > 0)) nonCompetition = perDay;
  }
  return {
    dates,
    rows,
    ...(nonCompetition ? { nonCompetition } : {}),
    dayMedalEvents,
    medalEvents: dayMedalEvents.reduce((a, b) => a + b, 0),
  };
}
