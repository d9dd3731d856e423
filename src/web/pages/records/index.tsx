import { DataTable } from '../../components/DataTable';
import { FormattedMessage } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { phaseName } from '../../../core/phases';
import { useLocale } from '../../app/locale';
import { codeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { disciplineTree } from '../../data/codes';
import { pickText, type DataText } from '../../i18n/locale';

/** Records broken at the games, as the results mark them; events named from the discipline tree. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const [records, disciplines, organisations, tree] = await Promise.all([
    data.document('RECORDS', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'organisation'),
    disciplineTree(data),
  ]);
  const events: Record<string, DataText> = {};
  for (const discipline of tree) {
    for (const event of discipline.Events) {
      events[event.EventFullRsc.slice(0, 22)] = {
        ENG: event.ENG_EventName,
        CHI: event.CHI_EventName,
        CHT: event.CHT_EventName,
      };
    }
  }
  return { records: records?.records ?? [], disciplines, organisations, events };
}

export function Component() {
  const { records, disciplines, organisations, events } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="record-title">
      <h1 id="record-title">
        <FormattedMessage id="nav.record" />
      </h1>
      <DataTable
        rows={records}
        rowKey={(_, i) => i}
        columns={[
          {
            header: 'competitor.discipline',
            className: 'hide-narrow',
            cell: (r) => pickText(disciplines[r.discipline], locale),
          },
          {
            header: 'competitor.event',
            cell: (r) => pickText(events[r.record.slice(0, 22)], locale) || r.record.replace(/-+$/, ''),
          },
          { header: 'record.type', cell: (r) => r.recordType },
          { header: 'competitor.result', cell: (r) => r.result },
          { header: 'competitor.name', cell: (r) => pickText(r.competitor.name, locale) },
          {
            header: 'competitor.delegation',
            className: 'hide-narrow',
            cell: (r) => pickText(organisations[r.organisation ?? ''], locale),
          },
          {
            header: 'competitor.unit',
            cell: (r) => (
              <Link to={`/${r.unit}`}>{pickText(phaseName(r.unit), locale) || r.unit.replace(/-+$/, '')}</Link>
            ),
          },
        ]}
        scroll
      />
    </section>
  );
}
