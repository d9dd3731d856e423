/**
 * The medal table (`/medal/ranking`) as CSV rows: the page's loader reads the tally and the
 * delegations' names, the page's own ordering ranks them (by gold, or by total with the service's
 * total rank), and each row is the page's row as text, the totals last as the page's footer has them.
 */
import type { DataSource } from '../../web/data/source';
import { pickText, type LocaleId } from '../../web/i18n/locale';
import type { CsvRows } from './write';
import { loaderArgs, pageWords } from './pageRead';

/** The page's columns, in its order: each heading is the message `medal.<column>`. */
const COLUMNS = ['rank', 'delegation', 'gold', 'silver', 'bronze', 'total'] as const;

export interface MedalCsv {
  readonly rows: CsvRows;
  /** What the file is called in the page's language (the page's title). */
  readonly title: string;
  /** The order the rows follow, as the page's `?sort=` names it. */
  readonly order: 'gold' | 'total';
}

export async function medalTableRows(data: DataSource, locale: LocaleId, sort: string | undefined): Promise<MedalCsv> {
  // The page's module is the site's: loaded when the first medal CSV is asked for, as pages are.
  const [{ loader, orderTally }, words] = await Promise.all([import('../../web/pages/medal'), pageWords(locale)]);
  const { tally, names, order } = await loader(loaderArgs('/medal/ranking', { lang: locale, sort }, data));
  const heading = COLUMNS.map((column) => words.message(`medal.${column}`));
  const title = words.message('medal.title');
  // No tally yet: the page says "no data"; the file is its headings alone.
  if (!tally || tally.rows.length === 0) return { rows: [heading], title, order };
  const body = orderTally(tally.rows, order).map(({ row, rank }) => [
    String(rank),
    pickText(names[row.organisation], locale) || row.organisation,
    String(row.gold),
    String(row.silver),
    String(row.bronze),
    String(row.total),
  ]);
  const { totals } = tally;
  const footer = [
    '',
    words.message('medal.totals'),
    String(totals.gold),
    String(totals.silver),
    String(totals.bronze),
    String(totals.total),
  ];
  return { rows: [heading, ...body, footer], title, order };
}
