import { FormattedMessage } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { sourceFor } from '../data/source';
import { codeLookup, type CodeLookup } from '../data/codes';
import { pickText } from '../i18n/locale';
import { useLocale } from '../app/locale';

interface TallyRow {
  organisation: string;
  gold: number;
  silver: number;
  bronze: number;
  total: number;
  rank: number;
}
interface Tally {
  rows: TallyRow[];
  totals: { gold: number; silver: number; bronze: number; total: number };
}

export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<{ tally: Tally | undefined; names: CodeLookup }> {
  const data = sourceFor(context, request);
  const [tally, names] = await Promise.all([
    data.document<Tally>('MEDAL_TALLY', 'ALL'),
    codeLookup(data, 'organisation'),
  ]);
  return { tally, names };
}

export function Component() {
  const { tally, names } = useLoaderData() as { tally: Tally | undefined; names: CodeLookup };
  const locale = useLocale();
  return (
    <section aria-labelledby="medal-title">
      <h1 id="medal-title">
        <FormattedMessage id="medal.title" />
      </h1>
      {!tally || tally.rows.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table medal-table">
          <thead>
            <tr>
              {(['rank', 'delegation', 'gold', 'silver', 'bronze', 'total'] as const).map((key) => (
                <th key={key} scope="col">
                  <FormattedMessage id={`medal.${key}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tally.rows.map((row) => (
              <tr key={row.organisation}>
                <td>{row.rank}</td>
                <th scope="row">{pickText(names[row.organisation], locale) || row.organisation}</th>
                <td>{row.gold}</td>
                <td>{row.silver}</td>
                <td>{row.bronze}</td>
                <td>{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td />
              <th scope="row">
                <FormattedMessage id="medal.totals" />
              </th>
              <td>{tally.totals.gold}</td>
              <td>{tally.totals.silver}</td>
              <td>{tally.totals.bronze}</td>
              <td>{tally.totals.total}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
