import { FormattedMessage } from '../i18n/intl';
import { MedalTabs } from '../components/MedalTabs';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../app/locale';
import { codeLookup } from '../data/codes';
import { sourceFor } from '../data/source';
import { pickText } from '../i18n/locale';

/** Every medallist of the games, by sport and event. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const [doc, disciplines, organisations] = await Promise.all([
    data.document('MEDALLISTS', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'organisation'),
  ]);
  return { medallists: doc?.medallists ?? [], disciplines, organisations };
}

export function Component() {
  const { medallists, disciplines, organisations } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="medallists-title">
      <h1 id="medallists-title">
        <FormattedMessage id="delegation.medalists" />
      </h1>
      <MedalTabs current="medalists" />
      {medallists.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table">
          <tbody>
            {medallists.map((m, i) => (
              <tr key={i}>
                <td>{pickText(disciplines[m.discipline], locale)}</td>
                <td>
                  <span className={`medal-badge medal-${m.medal.toLowerCase()}`}>
                    <FormattedMessage id={`medal.${m.medal.toLowerCase()}`} />
                  </span>
                </td>
                <td>{pickText(m.competitor.name, locale)}</td>
                <td>{pickText(organisations[m.competitor.organisation ?? ''], locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
