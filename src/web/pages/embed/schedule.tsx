import { useLoaderData } from 'react-router';
import { useLocale } from '../../app/locale';
import { FormattedMessage } from '../../i18n/intl';
import { pickText } from '../../i18n/locale';
import { loader as dailyLoader, type DailyData } from '../schedule/daily';
import { hasFilters } from '../schedule/data';
import { DayCaption, Placeholder } from '../schedule/parts';
import { UnitTable } from '../schedule/unitTable';

/**
 * A schedule day's embed (`/embed/schedule?date=&discipline=`, pages/embed/index.tsx): the daily
 * schedule's data, its day's units in schedule order, without the day strip and the filters.
 */
export const loader = dailyLoader;

export function View() {
  const { date, dayUnits, units, filters, zone, disciplines, statuses } = useLoaderData() as DailyData;
  const locale = useLocale();
  const discipline = filters.discipline;
  return (
    <section aria-labelledby="embed-title">
      <h1 id="embed-title">
        <FormattedMessage id="schedule.title" />
        {discipline ? ` · ${pickText(disciplines[discipline], locale) || discipline}` : null}
      </h1>
      {units.length === 0 || !date ? (
        <Placeholder filtered={dayUnits > 0 && hasFilters(filters)} />
      ) : (
        <UnitTable
          units={units}
          zone={zone}
          disciplines={disciplines}
          statuses={statuses}
          caption={<DayCaption date={date} zone={zone} />}
        />
      )}
    </section>
  );
}
