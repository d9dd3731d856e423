import { FormattedMessage } from '../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../app/locale';
import { delegationList } from '../data/delegations';
import { sourceFor } from '../data/source';
import { pickText } from '../i18n/locale';

/** The delegations of the games, with their athletes, sports and medals. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { delegations: await delegationList(sourceFor(context, request)) };
}

export function Component() {
  const { delegations } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="delegation-title">
      <h1 id="delegation-title">
        <FormattedMessage id="nav.delegation" />
      </h1>
      {delegations.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="medal.delegation" />
              </th>
              <th scope="col">
                <FormattedMessage id="delegation.athletes" />
              </th>
              <th scope="col" className="hide-narrow">
                <FormattedMessage id="delegation.sports" />
              </th>
              <th scope="col">
                <FormattedMessage id="medal.gold" />
              </th>
              <th scope="col">
                <FormattedMessage id="medal.total" />
              </th>
            </tr>
          </thead>
          <tbody>
            {delegations.map((d) => (
              <tr key={d.code}>
                <th scope="row">
                  <Link to={`/delegation/${d.code}`}>{pickText(d.name, locale)}</Link> <small>{d.code}</small>
                </th>
                <td>{d.athletes}</td>
                <td className="hide-narrow">{d.disciplines}</td>
                <td>{d.medals.gold}</td>
                <td>{d.medals.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
