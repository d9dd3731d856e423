import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useClientLinks } from '../../components/clientLinks';
import { codeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  disciplineOptions,
  EMPTY_GRID,
  filtersOf,
  loaderLocale,
  openingDay,
  venueOptions,
  type ScheduleFilters,
} from './data';
import { gridView, type GridView } from './grid';
import { GridTable } from './gridTable';
import { FilterForm, Placeholder, ScheduleHeading, type FilterOption } from './parts';
import { LaterRowsBody, LaterRowsSource, useLaterRows } from '../../laterRows/LaterRows';

interface TotalData {
  view: GridView;
  filters: ScheduleFilters;
  disciplines: FilterOption[];
  venues: FilterOption[];
  /** The day the games are at, marked in the grid. */
  today: string | undefined;
  /** The games have no schedule at all (as opposed to none matching the filters). */
  empty: boolean;
}

/** The whole games at a glance: disciplines by days, from SCHEDULE_GRID/ALL, filtered by sport and venue. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<TotalData> {
  const data = sourceFor(context, request);
  const locale = loaderLocale(request);
  const filters = filtersOf(new URL(request.url));
  const [document, names] = await Promise.all([data.document('SCHEDULE_GRID', 'ALL'), codeLookup(data, 'discipline')]);
  const grid = document ?? EMPTY_GRID;
  const label = (code: string) => pickText(names[code], locale) || code;
  const view = gridView(grid, filters, label, locale);
  return {
    view,
    filters,
    disciplines: disciplineOptions(grid, label, locale),
    venues: venueOptions(grid, locale),
    today: openingDay(view.dates, grid),
    empty: grid.rows.length === 0 && grid.nonCompetition.length === 0,
  };
}

/**
 * Disciplines drawn in the first HTML: with the non-competition row, a phone's first screen. The
 * others come in as the reader nears them (laterRows/): the grid's boxes were the first frame's
 * largest cost, and a first screen of them is the page at the static floor's speed
 * (docs/operations.md).
 */
const FIRST_SCREEN_ROWS = 11;

export function Component() {
  const { view, filters, disciplines, venues, today, empty } = useLoaderData() as TotalData;
  const nothing = view.rows.length === 0 && !view.nonCompetition;
  // Hundreds of cells: plain links, navigated in the app by one handler.
  const clientLinks = useClientLinks();
  const rows = useLaterRows(view.rows, FIRST_SCREEN_ROWS);
  const table = { view, today, discipline: filters.discipline, venue: filters.venue };
  return (
    <section aria-labelledby="schedule-title" className="schedule-total">
      <ScheduleHeading id="schedule-title" />
      <FilterForm keep={{}} disciplines={disciplines} venues={venues} filters={filters} />
      {empty || nothing ? (
        <Placeholder filtered={!empty} />
      ) : (
        <>
          <div
            className="schedule-grid-scroll"
            role="region"
            aria-labelledby="schedule-grid-caption"
            tabIndex={0}
            onClick={clientLinks}
            {...rows.partial}
          >
            <GridTable
              {...table}
              rows={rows.shown}
              captionId="schedule-grid-caption"
              later={
                rows.later > 0 ? (
                  <LaterRowsBody
                    source={rows.source}
                    skip={rows.shown.length + (view.nonCompetition ? 1 : 0)}
                    later={rows.later}
                  />
                ) : null
              }
            />
          </div>
          {rows.later > 0 ? (
            <LaterRowsSource source={rows.source}>
              <div className="schedule-grid-scroll" role="region" aria-labelledby="schedule-grid-whole" tabIndex={0}>
                <GridTable {...table} rows={view.rows} captionId="schedule-grid-whole" />
              </div>
            </LaterRowsSource>
          ) : null}
        </>
      )}
    </section>
  );
}
