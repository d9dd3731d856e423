/**
 * The embeds the mirror holds (web/pages/embed): no page links to them (a page's Embed control
 * gives its embed's address as text), so the export lists them itself: the medal table, the
 * schedule of each day, whole and by each sport that competes that day (`?date=&discipline=`, the
 * embed's own parameters), and every unit's, those the schedule lists and those with a result.
 */
import { EMBED_PREFIX } from '../../web/embed/marks';
import type { DataSource } from '../../web/data/source';
import { UNDATED } from '../../web/pages/schedule/data';

/** The embeds' URLs (as `exportedPageUrl`s, without a language), from the store's schedule and results. */
export async function embedPages(data: DataSource, resultUnits: readonly string[]): Promise<string[]> {
  const schedule = `${EMBED_PREFIX}schedule`;
  const pages = new Set<string>([`${EMBED_PREFIX}medals`, schedule]);
  const grid = await data.document('SCHEDULE_GRID', 'ALL');
  const query = (date: string, discipline?: string) =>
    `${schedule}?${new URLSearchParams({ date, ...(discipline ? { discipline } : {}) }).toString()}`;
  for (const { date } of grid?.days ?? []) pages.add(query(date));
  for (const row of grid?.rows ?? [])
    for (const cell of row.cells) if (cell.units > 0) pages.add(query(cell.date, row.discipline));
  const units = new Set(resultUnits);
  for (const date of [...(grid?.days ?? []).map((day) => day.date), UNDATED]) {
    const day = await data.document('SCHEDULE_DAY', date);
    for (const unit of day?.units ?? []) if (!unit.nonCompetition) units.add(unit.code);
  }
  for (const code of [...units].sort()) pages.add(`${EMBED_PREFIX}${code}`);
  return [...pages];
}
