/**
 * The CSV download below a page (issue 49): which pages link which file, in the page's language,
 * and the link's HTML in the slot the Embed control shares. Over the demo games' pages and files:
 * tests/server/csvDownloads.test.ts; in the mirror: tests/e2e/mirror.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { csvLinkHtml, offeredCsv } from '../../src/web/downloads/csvLink';
import type { EmbedControlPage } from '../../src/web/embed/control';
import en_US from '../../src/web/i18n/messages/en_US.json';
import zh_HK from '../../src/web/i18n/messages/zh_HK.json';

const UNIT = 'BKBMTEAM5-------------FNL-000100--';
const TABS = ['startlist', 'result', 'statistics', 'playByPlay', 'report'].map((id) => ({ id, label: id }));
const table = { kind: 'table', columns: [], rows: [] };

const page = (routeId: string, data?: unknown, locale: 'en_US' | 'zh_HK' = 'en_US'): EmbedControlPage => ({
  matches: [{ route: { id: 'root' } }, { route: { id: 'shell' } }, { route: { id: routeId } }],
  loaderData: data === undefined ? {} : { [routeId]: data },
  locale,
  messages: locale === 'en_US' ? en_US : zh_HK,
});
const unitPage = (tab: string, view: unknown, resultStatus?: string, error?: string) =>
  page(':documentCode', {
    header: { code: UNIT, sport: { ENG: 'Basketball' }, ...(resultStatus ? { resultStatus } : {}) },
    tabs: TABS,
    tab,
    section: { id: tab, title: tab, ...(view ? { view } : {}), ...(error ? { error } : {}) },
  });

describe('the CSV download', () => {
  it('is the medal table’s in its order, once it has a row', () => {
    const tally = { rows: [{ organisation: 'GDG' }], totals: {} };
    expect(offeredCsv(page('medal/ranking', { tally, names: {}, order: 'gold' }))).toBe(
      '/api/csv/medals.csv?lang=en_US',
    );
    expect(offeredCsv(page('medal/ranking', { tally, names: {}, order: 'total' }, 'zh_HK'))).toBe(
      '/api/csv/medals.csv?lang=zh_HK&sort=total',
    );
    expect(offeredCsv(page('medal/ranking', { tally: undefined, names: {}, order: 'gold' }))).toBeUndefined();
    expect(offeredCsv(page('medal/ranking', { tally: { rows: [], totals: {} }, names: {}, order: 'gold' }))).toBe(
      undefined,
    );
  });

  it('is a unit tab’s table, the tab left out when it is the one the unit opens on', () => {
    // Results have come: the unit opens on them.
    expect(offeredCsv(unitPage('result', table, 'OFFICIAL'))).toBe(`/api/csv/${UNIT}.csv?lang=en_US`);
    expect(offeredCsv(unitPage('statistics', table, 'OFFICIAL'))).toBe(
      `/api/csv/${UNIT}.csv?lang=en_US&tab=statistics`,
    );
    expect(offeredCsv(unitPage('startlist', table, 'OFFICIAL'))).toBe(`/api/csv/${UNIT}.csv?lang=en_US&tab=startlist`);
    // Before them it opens on the start list.
    expect(offeredCsv(unitPage('startlist', table))).toBe(`/api/csv/${UNIT}.csv?lang=en_US`);
    // A pool's standings are a table too.
    expect(offeredCsv(unitPage('result', { kind: 'pool', table }, 'LIVE'))).toBe(`/api/csv/${UNIT}.csv?lang=en_US`);
  });

  it('is not offered where the page shows no table: another view, no document yet, an error, other pages', () => {
    expect(offeredCsv(unitPage('playByPlay', { kind: 'playByPlay' }, 'OFFICIAL'))).toBeUndefined();
    expect(offeredCsv(unitPage('report', undefined, 'OFFICIAL'))).toBeUndefined();
    expect(offeredCsv(unitPage('result', table, 'OFFICIAL', 'DT_RESULT could not be read'))).toBeUndefined();
    expect(offeredCsv(page(':documentCode'))).toBeUndefined();
    for (const id of ['schedule/total', 'medal/medalists', ':sport/:page'])
      expect(offeredCsv(page(id))).toBeUndefined();
  });

  it('is a plain link with `download` in the page’s language, its address escaped', () => {
    const tally = { rows: [{ organisation: 'GDG' }], totals: {} };
    expect(csvLinkHtml(page('medal/ranking', { tally, names: {}, order: 'total' }, 'zh_HK'))).toBe(
      '<p class="csv-download"><a href="/api/csv/medals.csv?lang=zh_HK&amp;sort=total" download>下載 CSV</a></p>',
    );
    expect(csvLinkHtml(unitPage('result', table, 'OFFICIAL'))).toBe(
      `<p class="csv-download"><a href="/api/csv/${UNIT}.csv?lang=en_US" download>Download CSV</a></p>`,
    );
    expect(csvLinkHtml(page('schedule/total'))).toBeUndefined();
  });
});
