import { useLoaderData } from 'react-router';
import { useLocale } from '../../app/locale';
import { FormattedMessage } from '../../i18n/intl';
import { pickText } from '../../i18n/locale';
import { DayUnits, loader as dailyLoader, type DailyData } from '../schedule/daily';

/**
 * A schedule day's embed (`/embed/schedule?date=&discipline=`, pages/embed/index.tsx): the daily
 * schedule's data, its day's units in schedule order, without the day strip and the filters.
 */
export const loader = dailyLoader;

export function View() {
  const data = useLoaderData() as DailyData;
  const { filters, disciplines } = data;
  const locale = useLocale();
  const discipline = filters.discipline;
  return (
    <section aria-labelledby="embed-title">
      <h1 id="embed-title">
        <FormattedMessage id="schedule.title" />
        {discipline ? ` · ${pickText(disciplines[discipline], locale) || discipline}` : null}
      </h1>
      <DayUnits data={data} />
    </section>
  );
}
