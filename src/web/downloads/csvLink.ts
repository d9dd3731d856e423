/**
 * The CSV download below a page whose table has one (issue 49): the medal table in its order, and a
 * unit's tab that shows a table (core/csvLinks.ts names the files). A plain link with `download`,
 * in the page's language, written by the server into the same slot as the Embed control
 * (embed/control.ts): it adds no script to the page. The slot is emptied by a navigation in the app
 * to another address (app/Shell.tsx), so the link never names another tab's or order's table.
 */
import { medalTableCsvUrl, unitCsvUrl } from '../../core/csvLinks';
import type { EmbedControlPage } from '../embed/control';
import { escapeHtml } from '../embed/snippet';
import type { MedalData } from '../pages/medal';
import { defaultTab, type UnitData } from '../pages/unit/data';

/** The CSV file of the table the page shows, by the page's route (ids are route paths, app/routes.tsx). */
export function offeredCsv(page: Pick<EmbedControlPage, 'matches' | 'loaderData' | 'locale'>): string | undefined {
  const id = page.matches.at(-1)?.route.id;
  const data = id === undefined ? undefined : page.loaderData[id];
  if (id === 'medal/ranking') {
    const medals = data as MedalData | undefined;
    // No tally yet: the page says so, and a file of headings alone is no download.
    return medals?.tally?.rows.length ? medalTableCsvUrl(page.locale, medals.order) : undefined;
  }
  if (id !== ':documentCode') return undefined;
  const unit = data as UnitData | undefined;
  const view = unit?.section?.error ? undefined : unit?.section?.view;
  // The tabs the service writes (csv/unitTable.ts): a table, or a pool's standings.
  if (!unit?.tab || (view?.kind !== 'table' && view?.kind !== 'pool')) return undefined;
  // The tab the unit opens on is left out (the address without `tab` is that tab's): one address
  // per table, so `/{unit}` and its `?tab=` of the same tab share a file (one kept, one exported).
  const opening = defaultTab(
    unit.tabs.map((tab) => tab.id),
    unit.header.resultStatus,
  );
  return unitCsvUrl(unit.header.code, page.locale, unit.tab === opening ? undefined : unit.tab);
}

/** The link's HTML, or undefined when the page has no table to download. */
export function csvLinkHtml(page: EmbedControlPage): string | undefined {
  const href = offeredCsv(page);
  if (!href) return undefined;
  const text = escapeHtml(page.messages['csv.download'] ?? 'CSV');
  return `<p class="csv-download"><a href="${escapeHtml(href)}" download>${text}</a></p>`;
}
