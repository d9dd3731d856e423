/**
 * A CSV cell is what the page's cell says (src/server/csv/cellText.ts): every cell kind's view, as
 * the result table draws it (web/widgets/table/CellView.tsx) in each language, read as a reader gets
 * it (tests/support/pageTable.ts), against the CSV's text of the same value. Each kind is given the
 * values its projection (src/cells/<kind>/cell.ts) can make: a shared rank and a medal's for a rank,
 * a delegation's name beside its code, a phone's short name, parts side by side, a medal's colour.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CELL_KINDS, type CellKind } from '../../src/core/sports/vocabulary';
import type { CellValue, ViewColumn } from '../../src/core/views';
import { cellCsvText } from '../../src/server/csv/cellText';
import { pageWords } from '../../src/server/csv/pageRead';
import en_US from '../../src/generated/messages/en_US';
import zh_CN from '../../src/generated/messages/zh_CN';
import zh_HK from '../../src/generated/messages/zh_HK';
import { IntlProvider } from '../../src/web/i18n/intl';
import { BCP47, LOCALE_IDS, type LocaleId } from '../../src/web/i18n/locale';
import { CellView } from '../../src/web/widgets/table/CellView';
import { readableText } from '../support/pageTable';

const CATALOGUES = { en_US, zh_CN, zh_HK };

/** Any kind's plain values: a text, none, one with markup's own characters, one with a comma and quotes. */
const PLAIN: readonly CellValue[] = ['47.22', '', '<b> & "c"', 'Hong Kong, China', { text: '12', title: 'a hint' }];

/** The values only some kinds' projections make. */
const RICH: Partial<Record<CellKind, readonly CellValue[]>> = {
  rank: [
    { text: '3', equal: true },
    { text: '1', medal: 'gold' },
    { text: '2', medal: 'silver', equal: true },
    { text: '3', medal: 'bronze' },
  ],
  organisation: [{ text: 'SHD', title: 'Shandong' }, { text: '山东', link: 'SHD' }, 'GDG'],
  name: [
    { text: 'CHEN Li', short: 'C. Li', link: '1001' },
    { text: '陈丽 / 王伟', short: '陈丽 / 王伟' },
    { text: 'Team China', link: 'CHN' },
  ],
  medal: ['gold', 'silver', 'bronze', 'pewter'],
  splits: [{ text: '47.22', parts: ['22.41', '47.22'] }],
  periods: [{ text: '24-26', parts: ['24-26', '29-26', '15-18'] }],
  marks: [{ text: 'x', parts: ['7.10', 'x', '7.25'] }],
  record: [{ text: 'NGR', parts: ['NGR', 'GR'] }],
};

const drawn = (kind: CellKind, value: CellValue, locale: LocaleId): string => {
  const column: ViewColumn = { id: 'c', label: 'Column', cell: kind, sort: 'text' };
  return readableText(
    renderToStaticMarkup(
      <IntlProvider locale={BCP47[locale]} messages={CATALOGUES[locale]}>
        <CellView column={column} value={value} />
      </IntlProvider>,
    ),
  );
};

describe("a CSV cell is the page's cell as text", () => {
  for (const locale of LOCALE_IDS)
    it(`for every cell kind in ${locale}`, async () => {
      const words = await pageWords(locale);
      let compared = 0;
      for (const kind of CELL_KINDS) {
        // An image is a button on the page; in a file, the address it opens (below).
        if (kind === 'image') continue;
        for (const value of [...PLAIN, ...(RICH[kind] ?? [])]) {
          expect(cellCsvText(kind, value, words), `${kind} ${JSON.stringify(value)}`).toBe(drawn(kind, value, locale));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(CELL_KINDS.length * PLAIN.length);
    });

  it('names medals in the language of the page', async () => {
    expect(cellCsvText('rank', { text: '1', medal: 'gold' }, await pageWords('zh_CN'))).toBe('金牌 1');
    expect(cellCsvText('rank', { text: '2', medal: 'silver' }, await pageWords('zh_HK'))).toBe('銀牌 2');
    expect(cellCsvText('medal', 'bronze', await pageWords('en_US'))).toBe('Bronze');
    expect(cellCsvText('rank', { text: '3', equal: true }, await pageWords('en_US'))).toBe('=3');
  });

  it("gives an image's address, which the page's button opens", async () => {
    expect(cellCsvText('image', '/photos/finish.jpg', await pageWords('en_US'))).toBe('/photos/finish.jpg');
  });
});
