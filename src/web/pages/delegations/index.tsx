import { DataTable } from '../../components/DataTable';
import { FormattedMessage } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { delegationList } from '../../data/delegations';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';

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
      <DataTable
        rows={delegations}
        rowKey={(d) => d.code}
        columns={[
          {
            header: 'medal.delegation',
            rowHeader: true,
            cell: (d) => (
              <>
                <Link to={`/delegation/${d.code}`}>{pickText(d.name, locale)}</Link> <small>{d.code}</small>
              </>
            ),
          },
          { header: 'delegation.athletes', cell: (d) => d.athletes },
          { header: 'delegation.sports', className: 'hide-narrow', cell: (d) => d.disciplines },
          { header: 'medal.gold', cell: (d) => d.medals.gold },
          { header: 'medal.total', cell: (d) => d.medals.total },
        ]}
      />
    </section>
  );
}
