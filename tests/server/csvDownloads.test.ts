/**
 * Issue 49, item 5: the medal table and units' tables as CSV, in each language, parse (csv-parse) to
 * the rows and cells of the page itself: the page rendered by the service as a reader gets it, its
 * table read from the HTML (tests/support/pageTable.ts). The units: a swimming final, a swimming
 * heat with a disqualification, a basketball final's result (teams) and its statistics (players
 * under their team, the team's totals). Each file is the one its page links to. The CSV handler is
 * served alone on loopback, as the server routes to it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medalTableCsvUrl, unitCsvUrl } from '../../src/core/csvLinks';
import { readConfig } from '../../src/server/config';
import { serveCsv } from '../../src/server/csv/serve';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { LOCALE_IDS } from '../../src/web/i18n/locale';
import { downloadCsv } from '../support/csvDownload';
import { openDemoService } from '../support/demoService';
import { pageTable } from '../support/pageTable';

let service: Service;
let site: Server;
let downloads: Server;
let siteBase: string;
let csvBase: string;
const units = { swimmingFinal: '', irregularHeat: '', basketballFinal: '' };

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  service = await openDemoService();
  const one = (sql: string) => (service.db.prepare(sql).get() as { code: string } | undefined)?.code ?? '';
  units.swimmingFinal = one(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE 'SWM%FNL-%' AND status = 'OFFICIAL' ORDER BY code LIMIT 1",
  );
  units.irregularHeat = one(
    `SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE 'SWM%HEAT%' AND body LIKE '%"IRM":"DSQ"%' ORDER BY code LIMIT 1`,
  );
  units.basketballFinal = one(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE 'BKB%FNL-%' AND status = 'OFFICIAL' ORDER BY code LIMIT 1",
  );
  site = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  downloads = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    void serveCsv(req, res, service.store, path).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  [siteBase, csvBase] = await Promise.all([listen(site), listen(downloads)]);
}, 600_000);

afterAll(async () => {
  await Promise.all([site, downloads].map((server) => new Promise((resolve) => server?.close(resolve))));
  service?.close();
});

const pageHtml = async (path: string): Promise<string> => {
  const response = await fetch(`${siteBase}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The CSV's rows, after the checks every download passes: type, byte order mark, CRLF records. */
async function csvRows(link: string): Promise<string[][]> {
  const csv = await downloadCsv(`${csvBase}${link}`);
  expect(csv.response.status, link).toBe(200);
  expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.text.endsWith('\r\n')).toBe(true);
  // Every line break is a record's CRLF (the demo's texts hold none of their own).
  expect(csv.text.split('\r\n').some((line) => line.includes('\n') || line.includes('\r'))).toBe(false);
  return csv.rows;
}

/** The page's CSV download as the server draws it below the page (web/downloads/csvLink.ts). */
function linkedCsv(html: string): { href: string; text: string } {
  const link = /<p class="csv-download"><a href="([^"]+)" download>([^<]+)<\/a><\/p>/.exec(html);
  expect(link, 'the page links its CSV').not.toBeNull();
  return { href: link![1]!.replaceAll('&amp;', '&'), text: link![2]! };
}
const DOWNLOAD = { zh_CN: '下载 CSV', zh_HK: '下載 CSV', en_US: 'Download CSV' } as const;

const RESULT_TABLE = 'class="data-table widget-table"';
const HAN = /\p{Script=Han}/u;

describe('the medal table as CSV', () => {
  for (const locale of LOCALE_IDS)
    for (const order of ['gold', 'total'] as const)
      it(`is the page's table in ${locale}, by ${order}`, async () => {
        const query = `lang=${locale}${order === 'total' ? '&sort=total' : ''}`;
        const html = await pageHtml(`/medal/ranking?${query}`);
        const page = pageTable(html, 'class="data-table medal-table"');
        // The file the page links to, in its language and order.
        const link = linkedCsv(html);
        expect(link).toEqual({ href: medalTableCsvUrl(locale, order), text: DOWNLOAD[locale] });
        const rows = await csvRows(link.href);
        // Every delegation of the tally (36 in the demo), the headings and the totals.
        expect(rows.length).toBeGreaterThan(30);
        expect(rows).toEqual(page);
        const names = rows.slice(1, -1).map((row) => row[1] ?? '');
        expect(names.every((name) => HAN.test(name))).toBe(locale !== 'en_US');
      });

  it('writes delegation names in the language asked: Simplified, Traditional, English', async () => {
    const name = async (locale: (typeof LOCALE_IDS)[number]) =>
      (await csvRows(medalTableCsvUrl(locale))).map((row) => row[1]);
    const [cn, hk, en] = await Promise.all(LOCALE_IDS.map(name));
    expect(cn).toContain('江苏');
    expect(hk).toContain('江蘇');
    expect(en).toContain('Jiangsu');
    // A comma in a name is quoted, and read back whole.
    expect(en).toContain('Hong Kong, China');
    const raw = (await downloadCsv(`${csvBase}${medalTableCsvUrl('en_US')}`)).text;
    expect(raw).toContain('"Hong Kong, China"');
  });
});

describe("units' tables as CSV", () => {
  const cases = [
    { name: 'a swimming final', unit: () => units.swimmingFinal, tab: undefined },
    { name: 'a swimming heat with a disqualification', unit: () => units.irregularHeat, tab: 'result' },
    { name: "a basketball final's teams", unit: () => units.basketballFinal, tab: 'result' },
    { name: "a basketball final's players by team", unit: () => units.basketballFinal, tab: 'statistics' },
  ];
  for (const { name, unit, tab } of cases)
    for (const locale of LOCALE_IDS)
      it(`are ${name}'s page table in ${locale}`, async () => {
        const code = unit();
        expect(code).not.toBe('');
        const html = await pageHtml(`/${code}?lang=${locale}${tab ? `&tab=${tab}` : ''}`);
        const page = pageTable(html, RESULT_TABLE);
        // The file the page links to: the tab it shows, named unless it is the one it opens on (results).
        const link = linkedCsv(html);
        expect(link).toEqual({
          href: unitCsvUrl(code, locale, tab === 'result' ? undefined : tab),
          text: DOWNLOAD[locale],
        });
        const rows = await csvRows(link.href);
        expect(rows.length).toBeGreaterThan(2);
        expect(rows).toEqual(page);
      });

  it("hold the whole field where the page's first HTML holds its first rows (the 5,200-finisher marathon)", async () => {
    const marathon = (
      service.db
        .prepare(
          "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' ORDER BY length(body) DESC LIMIT 1",
        )
        .get() as { code: string }
    ).code;
    const page = pageTable(await pageHtml(`/${marathon}?lang=zh_HK`), RESULT_TABLE);
    const rows = await csvRows(unitCsvUrl(marathon, 'zh_HK'));
    expect(page.length).toBeGreaterThan(10);
    expect(rows.slice(0, page.length)).toEqual(page);
    expect(rows.length).toBeGreaterThan(5000);
  });

  it('keep the irregular result with its mark and no rank, after the ranked', async () => {
    const rows = await csvRows(unitCsvUrl(units.irregularHeat, 'en_US', 'result'));
    const result = rows[0]!.indexOf('Result');
    const irregular = rows.findIndex((row) => row[result] === 'DSQ');
    expect(irregular).toBeGreaterThan(1);
    expect(rows[irregular]![rows[0]!.indexOf('Rank')]).toBe('');
    expect(rows.slice(irregular + 1).every((row) => row[result] === 'DSQ' || row[result] === '')).toBe(true);
  });

  it('mark medals in a final the way the page names them, in its language', async () => {
    const rank = async (locale: (typeof LOCALE_IDS)[number]) =>
      (await csvRows(unitCsvUrl(units.swimmingFinal, locale))).slice(1, 4).map((row) => row[0]);
    expect(await rank('zh_CN')).toEqual(['金牌 1', '银牌 2', '铜牌 3']);
    expect(await rank('en_US')).toEqual(['Gold 1', 'Silver 2', 'Bronze 3']);
  });

  it("put each team's heading above its players and its totals after them", async () => {
    const rows = await csvRows(unitCsvUrl(units.basketballFinal, 'zh_CN', 'statistics'));
    const headings = rows.filter((row) => row.slice(1).every((cell) => cell === '') && HAN.test(row[0] ?? ''));
    expect(headings).toHaveLength(2);
    // The players' names are Chinese on the Simplified page, English on the English one.
    const players = rows.filter((row) => /^\d+$/.test(row[0] ?? '')).map((row) => row[1] ?? '');
    expect(players.length).toBeGreaterThan(9);
    expect(players.every((player) => HAN.test(player))).toBe(true);
    const english = await csvRows(unitCsvUrl(units.basketballFinal, 'en_US', 'statistics'));
    expect(english.filter((row) => /^\d+$/.test(row[0] ?? '')).every((row) => /^[A-Z]+ /.test(row[1] ?? ''))).toBe(
      true,
    );
  });
});
