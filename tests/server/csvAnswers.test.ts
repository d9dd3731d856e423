/**
 * The CSV downloads' answers over HTTP (issue 49, item 5) on a small games of its own: a tie and a
 * name with a comma and quotes as the page shows them, the file's name, ETag and 304, caching as
 * the result's document, gzip, HEAD, the errors; the addresses the pages link to; the writer itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvTargetOf, medalTableCsvUrl, unitCsvUrl } from '../../src/core/csvLinks';
import { readConfig } from '../../src/server/config';
import { serveCsv } from '../../src/server/csv/serve';
import { csvText } from '../../src/server/csv/write';
import { documentCacheControl } from '../../src/server/http/headers';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { downloadCsv, parseCsv } from '../support/csvDownload';
import { pageTable } from '../support/pageTable';
import { memoryService, odf, UNIT, unitSchedule } from './helpers';

let service: Service;
let site: Server;
let downloads: Server;
let siteBase: string;
let csvBase: string;

const swimmer = (rank: string, equal: boolean, code: string, given: string, family: string, time: string) =>
  `<Result Rank="${rank}"${equal ? ' RankEqual="Y"' : ''} Result="${time}" SortOrder="${code}"><Competitor Code="${code}" Type="A" Organisation="GDG"><Composition><Athlete Code="${code}" Order="1"><Description GivenName="${given}" FamilyName="${family}" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result>`;
/** Two swimmers tied first, and one whose name holds a comma and quotes. */
const result = (version: string, status: string, third = '48.30') =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: version, ResultStatus: status },
    `<Competition>${swimmer('1', true, '1001', 'Wei', 'Zhang', '48.10')}${swimmer('1', true, '1002', 'Lei', 'Wang', '48.10')}${swimmer('3', false, '1003', 'Sam, Jr', 'O&quot;Neil &quot;Swift&quot;', third)}</Competition>`,
  );
const ingest = (message: Buffer) => expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  service = await memoryService();
  ingest(unitSchedule());
  ingest(result('1', 'LIVE'));
  site = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  downloads = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    void serveCsv(req, res, service.store, path).then((served) => {
      if (!served) res.writeHead(418).end();
    });
  });
  [siteBase, csvBase] = await Promise.all([listen(site), listen(downloads)]);
});

afterAll(async () => {
  await Promise.all([site, downloads].map((server) => new Promise((resolve) => server?.close(resolve))));
  service?.close();
});

const csv = (link: string, headers: Record<string, string> = {}) => downloadCsv(`${csvBase}${link}`, headers);
const page = async (path: string) => pageTable(await (await fetch(`${siteBase}${path}`)).text(), 'widget-table');

describe('a unit as CSV', () => {
  it("is the page's table with its tie and a name holding a comma and quotes, quoted", async () => {
    const { rows, text } = await csv(unitCsvUrl(UNIT, 'en_US'));
    expect(rows).toEqual(await page(`/${UNIT}?lang=en_US`));
    const rank = rows[0]!.indexOf('Rank');
    expect(rows.slice(1).map((row) => row[rank])).toEqual(['=1', '=1', '3']);
    const name = rows.flat().find((cell) => /swift/i.test(cell)) ?? '';
    expect(name).toContain(',');
    expect(name).toContain('"');
    // Quoted, its quotes doubled (RFC 4180).
    expect(text).toContain(`"${name.replaceAll('"', '""')}"`);
  });

  it('names the file in ASCII and in the language asked', async () => {
    const { response } = await csv(unitCsvUrl(UNIT, 'en_US'));
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="SWMM100MFR-+FNL-000100-result-en_US\.csv"; filename\*=UTF-8''/);
    const named = decodeURIComponent(disposition.split("UTF-8''")[1] ?? '');
    expect(named).toContain("Men's 100m Freestyle Final");
    expect(named.endsWith('.csv')).toBe(true);
    // Only RFC 8187's characters stand as they are: an apostrophe is encoded.
    expect(disposition.split("UTF-8''")[1]).not.toContain("'");
  });

  it('answers 304 to its ETag, has one per language, and a new one when the result changes', async () => {
    const first = await csv(unitCsvUrl(UNIT, 'en_US'));
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.response.headers.get('cache-control')).toBe(documentCacheControl('LIVE'));
    const again = await fetch(`${csvBase}${unitCsvUrl(UNIT, 'en_US')}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const chinese = await csv(unitCsvUrl(UNIT, 'zh_CN'));
    expect(chinese.response.headers.get('etag')).not.toBe(etag);
    ingest(result('2', 'OFFICIAL', '48.55'));
    const changed = await csv(unitCsvUrl(UNIT, 'en_US'), { 'If-None-Match': etag });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).not.toBe(etag);
    expect(changed.text).toContain('48.55');
    // An OFFICIAL result is kept longer, as its document is.
    expect(changed.response.headers.get('cache-control')).toBe(documentCacheControl('OFFICIAL'));
    expect(changed.rows).toEqual(await page(`/${UNIT}?lang=en_US`));
  });

  it('is gzipped for a reader that takes only gzip, and HEAD has the headers alone', async () => {
    const plain = await csv(unitCsvUrl(UNIT, 'zh_HK'));
    const zipped = await csv(unitCsvUrl(UNIT, 'zh_HK'), { 'Accept-Encoding': 'gzip, identity;q=0' });
    expect(zipped.response.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.text).toBe(plain.text);
    const head = await fetch(`${csvBase}${unitCsvUrl(UNIT, 'zh_HK')}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(plain.bytes.length));
    expect(await head.text()).toBe('');
  });

  it('says clearly, in JSON, what has no CSV', async () => {
    const error = async (path: string, status: number) => {
      const response = await fetch(`${csvBase}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as { error: { status: number; message: string } };
      expect(body.error.status).toBe(status);
      return body.error.message;
    };
    expect(await error('/api/csv/SWMM200MFR------------FNL-000100--.csv', 404)).toContain('no unit');
    expect(await error(unitCsvUrl(UNIT, 'en_US', 'report'), 404)).toContain('no table');
    expect(await error('/api/csv/swimming.csv', 400)).toContain('not a unit code');
    // Not a CSV address: the handler leaves it to the server's other routes.
    expect((await fetch(`${csvBase}/api/csv/a/b.csv`)).status).toBe(418);
  });
});

describe('the medal table as CSV', () => {
  it('is its headings alone while no medal is won (the page says there is no data)', async () => {
    const { rows } = await csv(medalTableCsvUrl('zh_CN'));
    expect(rows).toEqual([['名次', '代表团', '金牌', '银牌', '铜牌', '总数']]);
  });
});

describe('the addresses the pages link to', () => {
  it('carry the language and the page view, and are the routes the handler answers', () => {
    expect(medalTableCsvUrl('en_US')).toBe('/api/csv/medals.csv?lang=en_US');
    expect(medalTableCsvUrl('zh_HK', 'total')).toBe('/api/csv/medals.csv?lang=zh_HK&sort=total');
    expect(unitCsvUrl(UNIT, 'zh_CN', 'result')).toBe(`/api/csv/${UNIT}.csv?lang=zh_CN&tab=result`);
    const path = (link: string) => link.split('?')[0]!;
    expect(csvTargetOf(path(medalTableCsvUrl('zh_CN')))).toEqual({ kind: 'medals' });
    expect(csvTargetOf(path(unitCsvUrl(UNIT, 'en_US')))).toEqual({ kind: 'unit', code: UNIT });
    expect(csvTargetOf('/api/csv/medals.json')).toBeUndefined();
  });
});

describe('the writer', () => {
  it('writes RFC 4180: a byte order mark, CRLF records, quotes where a field needs them', () => {
    const rows = [
      ['a "b"', 'c,d', 'e\nf', '中文'],
      ['=1', '', ' x', 'plain'],
    ];
    const text = csvText(rows);
    expect(text).toBe('\uFEFF"a ""b""","c,d","e\nf",中文\r\n=1,, x,plain\r\n');
    expect(parseCsv(text)).toEqual(rows);
  });
});
