import type { TallyRow, MedalTally } from '../../../../schemas/api';
import { FormattedMessage } from '../../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { sourceFor } from '../../data/source';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { pickText } from '../../i18n/locale';
import { useLocale } from '../../app/locale';
import { MedalTabs } from '../../components/MedalTabs';
import { useFollowed } from '../../follow/followed';
import { LaterRowsBody, LaterRowsSource, useLaterRows } from '../../laterRows/LaterRows';
import type { ReactNode } from 'react';
import { orderTally, type MedalOrder } from './model';

export { MEDAL_ORDERS, orderTally, type MedalOrder } from './model';

export interface MedalData {
  tally: MedalTally | undefined;
  names: CodeLookup;
  order: MedalOrder;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<MedalData> {
  const data = sourceFor(context, request);
  const asked = new URL(request.url).searchParams.get('sort');
  const order: MedalOrder = asked === 'total' ? 'total' : 'gold';
  const [tally, names] = await Promise.all([data.document('MEDAL_TALLY', 'ALL'), codeLookup(data, 'organisation')]);
  return { tally, names, order };
}

/**
 * Delegations drawn in the first HTML: a phone's first screen of the table and a little more (on a
 * 412 × 823 px screen the room for the others starts about 120 px below it). The others come in as
 * the reader nears them (laterRows/): every row is laid out in the first frame, and the rows past
 * the screen only make it longer.
 */
const FIRST_SCREEN_ROWS = 17;

export function Component() {
  const { tally, names, order } = useLoaderData() as MedalData;
  const ordered = tally ? orderTally(tally.rows, order) : [];
  const rows = useLaterRows(ordered, FIRST_SCREEN_ROWS);
  const table = { names, order };
  return (
    <section aria-labelledby="medal-title">
      <h1 id="medal-title">
        <FormattedMessage id="medal.title" />
      </h1>
      <MedalTabs current="ranking" />
      {!tally || tally.rows.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <>
          <MedalTable
            {...table}
            totals={tally.totals}
            rows={rows.shown}
            partial={rows.partial}
            later={
              rows.later > 0 ? <LaterRowsBody source={rows.source} skip={rows.shown.length} later={rows.later} /> : null
            }
          />
          {rows.later > 0 ? (
            <LaterRowsSource source={rows.source}>
              <MedalTable {...table} totals={tally.totals} rows={ordered} />
            </LaterRowsSource>
          ) : null}
        </>
      )}
    </section>
  );
}

interface MedalTableProps {
  totals: MedalTally['totals'];
  names: CodeLookup;
  order: MedalOrder;
  rows: readonly { row: TallyRow; rank: number }[];
  /** Marks of a table that shows only its first rows (laterRows/). */
  partial?: Record<string, string>;
  /** Where the later rows go, after the drawn ones. */
  later?: ReactNode;
}

/** The tally as a table (this page's, and the medal table's embed, pages/embed/medals.tsx). */
export function MedalTable({ totals, names, order, rows, partial, later }: MedalTableProps) {
  const locale = useLocale();
  const followed = useFollowed();
  const sortHeader = (key: MedalOrder) => (
    <Link
      to={`?sort=${key}`}
      className="sort-link"
      aria-current={order === key ? 'true' : undefined}
      preventScrollReset
    >
      <FormattedMessage id={`medal.${key}`} />
      <span aria-hidden="true">{order === key ? ' ▼' : ''}</span>
    </Link>
  );
  return (
    <table className="data-table medal-table" {...partial}>
      <thead>
        <tr>
          {(['rank', 'delegation', 'gold', 'silver', 'bronze', 'total'] as const).map((key) => (
            <th
              key={key}
              scope="col"
              className={key === 'gold' || key === 'silver' || key === 'bronze' ? `medal-head medal-${key}` : undefined}
              aria-sort={key === order ? 'descending' : undefined}
            >
              {key === 'gold' || key === 'total' ? sortHeader(key) : <FormattedMessage id={`medal.${key}`} />}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ row, rank }) => (
          <tr
            key={row.organisation}
            className={followed.delegations.includes(row.organisation) ? 'row-followed' : undefined}
          >
            <td>{rank}</td>
            <th scope="row">
              <Link to={`/delegation/${row.organisation}/medalists`}>
                {pickText(names[row.organisation], locale) || row.organisation}
              </Link>
            </th>
            <td>{row.gold}</td>
            <td>{row.silver}</td>
            <td>{row.bronze}</td>
            <td>{row.total}</td>
          </tr>
        ))}
      </tbody>
      {later}
      <tfoot>
        <tr>
          <td />
          <th scope="row">
            <FormattedMessage id="medal.totals" />
          </th>
          <td>{totals.gold}</td>
          <td>{totals.silver}</td>
          <td>{totals.bronze}</td>
          <td>{totals.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
