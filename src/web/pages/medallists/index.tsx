import { DataTable } from '../../components/DataTable';
import { FormattedMessage } from '../../i18n/intl';
import { MedalTabs } from '../../components/MedalTabs';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { codeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';

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
      <DataTable
        rows={medallists}
        rowKey={(_, i) => i}
        columns={[
          { cell: (m) => pickText(disciplines[m.discipline], locale) },
          {
            cell: (m) => (
              <span className={`medal-badge medal-${m.medal.toLowerCase()}`}>
                <FormattedMessage id={`medal.${m.medal.toLowerCase()}`} />
              </span>
            ),
          },
          { cell: (m) => pickText(m.competitor.name, locale) },
          { cell: (m) => pickText(organisations[m.competitor.organisation ?? ''], locale) },
        ]}
      />
    </section>
  );
}
