/**
 * Schedule order (spec section 5): by start date; undated entries last (as if in 2100); entries of
 * the same date by unit order; entries that hide their start time (or whose sport orders its units
 * by order alone) by unit order only.
 */
export interface ScheduleOrderEntry {
  /** ISO start date-time as sent (with its offset), or absent. */
  readonly start?: string | undefined;
  readonly order?: number | undefined;
  /** Order by `order` alone within the day: HideStartDate, or a sport that sequences its units. */
  readonly orderOnly?: boolean | undefined;
}

const UNDATED = Date.UTC(2100, 0, 1);

function instant(start: string | undefined): number {
  if (!start) return UNDATED;
  const time = Date.parse(start);
  return Number.isNaN(time) ? UNDATED : time;
}

/** The calendar date of the start as written (the venue's local date), or undefined. */
export function startDay(start: string | undefined): string | undefined {
  return start && /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : undefined;
}

export function compareScheduleEntries(a: ScheduleOrderEntry, b: ScheduleOrderEntry): number {
  const dayA = startDay(a.start) ?? '2100-01-01';
  const dayB = startDay(b.start) ?? '2100-01-01';
  if (dayA !== dayB) return dayA < dayB ? -1 : 1;
  const orderA = a.order ?? Number.MAX_SAFE_INTEGER;
  const orderB = b.order ?? Number.MAX_SAFE_INTEGER;
  if (!a.orderOnly && !b.orderOnly) {
    const byTime = instant(a.start) - instant(b.start);
    if (byTime !== 0) return byTime;
  }
  return orderA - orderB;
}
