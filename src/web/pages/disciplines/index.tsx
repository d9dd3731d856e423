import { FormattedMessage } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { disciplineTree } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';

/** The sports of the games, from the discipline tree, with their units and medal events. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const [index, tree] = await Promise.all([data.document('SCHEDULE', 'ALL'), disciplineTree(data)]);
  const counts = new Map((index?.disciplines ?? []).map((d) => [d.code, d]));
  return {
    disciplines: tree
      // Ceremonies and other non-competition schedules are not sports (they have /schedule/non).
      .filter((item) => counts.has(item.Discipline) && !counts.get(item.Discipline)?.nonCompetition)
      .map((item) => ({
        code: item.Discipline,
        name: { ENG: item.ENG_Description, CHI: item.CHI_Description, CHT: item.CHT_Description },
        events: item.Events.length,
        units: counts.get(item.Discipline)?.units ?? 0,
        medalUnits: counts.get(item.Discipline)?.medalUnits ?? 0,
      })),
  };
}

export function Component() {
  const { disciplines } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="discipline-title">
      <h1 id="discipline-title">
        <FormattedMessage id="nav.discipline" />
      </h1>
      <ul className="card-grid">
        {disciplines.map((d) => (
          <li key={d.code} className="card">
            <Link to={`/discipline/${d.code}`}>
              <strong>{pickText(d.name, locale)}</strong>
            </Link>
            <small>
              {d.code} · <FormattedMessage id="discipline.events" values={{ count: d.events }} /> ·{' '}
              <FormattedMessage id="schedule.units" values={{ count: d.units }} />
            </small>
          </li>
        ))}
      </ul>
    </section>
  );
}
