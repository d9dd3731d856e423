import { useLoaderData } from 'react-router';
import { FormattedMessage } from '../../i18n/intl';
import { loader as medalLoader, MedalTable, orderTally, type MedalData } from '../medal';

/** The medal table's embed (`/embed/medals`, pages/embed/index.tsx): the medal page's data. */
export const loader = medalLoader;

/** The whole table under its title: no later rows, the frame's height is the table's. */
export function View() {
  const { tally, names, order } = useLoaderData() as MedalData;
  return (
    <section aria-labelledby="embed-title">
      <h1 id="embed-title">
        <FormattedMessage id="medal.title" />
      </h1>
      {!tally || tally.rows.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <MedalTable totals={tally.totals} names={names} order={order} rows={orderTally(tally.rows, order)} />
      )}
    </section>
  );
}
