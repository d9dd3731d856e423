import { FormattedMessage } from '../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../app/locale';
import { codeLookup } from '../data/codes';
import { sourceFor } from '../data/source';
import { pickText, type DataText } from '../i18n/locale';

interface RecordBroken {
  unit: string;
  discipline: string;
  record: string;
  result?: string;
  organisation?: string;
  competitor: { name: DataText };
}

/** Records broken at the games, as the results mark them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const [records, disciplines, organisations] = await Promise.all([
    data.document<{ records: RecordBroken[] }>('RECORDS', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'organisation'),
  ]);
  return { records: records?.records ?? [], disciplines, organisations };
}

export function Component() {
  const { records, disciplines, organisations } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="record-title">
      <h1 id="record-title">
        <FormattedMessage id="nav.record" />
      </h1>
      {records.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table">
          <tbody>
            {records.map((r, i) => (
              <tr key={i}>
                <td>{pickText(disciplines[r.discipline], locale)}</td>
                <td>{r.record}</td>
                <td>{r.result}</td>
                <td>{pickText(r.competitor.name, locale)}</td>
                <td className="hide-narrow">{pickText(organisations[r.organisation ?? ''], locale)}</td>
                <td>
                  <Link to={`/${r.unit}`}>{r.unit.replace(/-+$/, '')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
