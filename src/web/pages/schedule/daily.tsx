import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  chosenDay,
  disciplineOptions,
  EMPTY_GRID,
  entryOf,
  filtersOf,
  hasFilters,
  loaderLocale,
  matches,
  query,
  stripDays,
  venueOptions,
  type ScheduleEntry,
  type ScheduleFilters,
} from './data';
import {
  DayCaption,
  DayStrip,
  FilterForm,
  Placeholder,
  ScheduleHeading,
  type FilterOption,
  type StripDay,
} from './parts';
import { UnitTable } from './unitTable';

export interface DailyData {
  days: StripDay[];
  date: string | undefined;
  /** Units of the day before the filters, to tell "no data" from "nothing matches". */
  dayUnits: number;
  units: ScheduleEntry[];
  filters: ScheduleFilters;
  zone: string | undefined;
  disciplineOptions: FilterOption[];
  venueOptions: FilterOption[];
  disciplines: CodeLookup;
  statuses: CodeLookup;
}

/** One day's units in schedule order (`?date=`), narrowed by sport and venue. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<DailyData> {
  const data = sourceFor(context, request);
  const url = new URL(request.url);
  const locale = loaderLocale(request);
  const filters = filtersOf(url);
  const [document, disciplines, statuses] = await Promise.all([
    data.document('SCHEDULE_GRID', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'schedulestatus'),
  ]);
  const grid = document ?? EMPTY_GRID;
  const date = chosenDay(url, grid);
  const day = date ? await data.document('SCHEDULE_DAY', date) : undefined;
  const all = day?.units ?? [];
  const label = (code: string) => pickText(disciplines[code], locale) || code;
  return {
    days: stripDays(grid),
    date,
    dayUnits: all.length,
    units: all.filter((u) => matches(u, filters)).map(entryOf),
    filters,
    zone: grid.zone,
    disciplineOptions: disciplineOptions(grid, label, locale),
    venueOptions: venueOptions(grid, locale),
    disciplines,
    statuses,
  };
}

export function Component() {
  const data = useLoaderData() as DailyData;
  const { days, date, filters, disciplineOptions, venueOptions } = data;
  return (
    <section aria-labelledby="schedule-title" className="schedule-daily">
      <ScheduleHeading id="schedule-title" />
      <DayStrip days={days} selected={date} hrefFor={(d) => query({ date: d, ...filters })} />
      <FilterForm keep={{ date }} disciplines={disciplineOptions} venues={venueOptions} filters={filters} />
      <DayUnits data={data} />
    </section>
  );
}

/** The day's units in schedule order, or why there are none (this page's, and the schedule's embed). */
export function DayUnits({ data }: { data: DailyData }) {
  const { date, dayUnits, units, filters, zone, disciplines, statuses } = data;
  if (units.length === 0 || !date) return <Placeholder filtered={dayUnits > 0 && hasFilters(filters)} />;
  return (
    <UnitTable
      units={units}
      zone={zone}
      disciplines={disciplines}
      statuses={statuses}
      caption={<DayCaption date={date} zone={zone} />}
    />
  );
}
