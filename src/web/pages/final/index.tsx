import { DataTable, type DataColumn } from '../../components/DataTable';
import type { FinalUnit } from '../../../../schemas/api';
import { FormattedMessage } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';

interface FinalsData {
  days: string[];
  date: string | undefined;
  units: FinalUnit[];
  disciplines: CodeLookup;
  organisations: CodeLookup;
}

/** Daily finals: the medal units of a day (`?date=`), with their medallists. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<FinalsData> {
  const data = sourceFor(context, request);
  const index = await data.document('SCHEDULE', 'ALL');
  const days = (index?.days ?? []).filter((d) => d.medalUnits > 0 && d.date !== 'UNSCHEDULED').map((d) => d.date);
  const asked = new URL(request.url).searchParams.get('date');
  const date = days.includes(asked ?? '') ? asked! : days[0];
  const [finals, disciplines, organisations] = await Promise.all([
    date ? data.document('FINALS', date) : undefined,
    codeLookup(data, 'discipline'),
    codeLookup(data, 'organisation'),
  ]);
  return { days, date, units: finals?.units ?? [], disciplines, organisations };
}

const MEDAL_ORDER = ['GOLD', 'SILVER', 'BRONZE'];

export function Component() {
  const { days, date, units, disciplines, organisations } = useLoaderData() as FinalsData;
  const locale = useLocale();
  return (
    <section aria-labelledby="final-title">
      <h1 id="final-title">
        <FormattedMessage id="nav.final" />
      </h1>
      <nav className="day-strip" aria-label="days">
        {days.map((d) => (
          <Link key={d} to={`?date=${d}`} aria-current={d === date ? 'page' : undefined}>
            {d.slice(5)}
          </Link>
        ))}
      </nav>
      <DataTable
        rows={units}
        rowKey={(unit) => unit.code}
        columns={[
          { header: 'schedule.time', cell: (unit) => unit.start?.slice(11, 16) },
          {
            header: 'schedule.unit',
            cell: (unit) => (
              <>
                <span className="discipline">{pickText(disciplines[unit.discipline], locale)}</span>{' '}
                <Link to={`/${unit.code}`}>{pickText(unit.name, locale)}</Link>
              </>
            ),
          },
          ...MEDAL_ORDER.map((medal): DataColumn<FinalUnit> => ({
            header: `medal.${medal.toLowerCase()}`,
            headerClassName: `medal-head medal-${medal.toLowerCase()}`,
            cell: (unit) =>
              unit.medallists
                .filter((m) => m.medal === medal)
                .map((m, i) => (
                  <div key={i}>
                    {pickText(m.competitor.name, locale)}{' '}
                    <small>{pickText(organisations[m.competitor.organisation ?? ''], locale)}</small>
                  </div>
                )),
          })),
        ]}
      />
    </section>
  );
}
