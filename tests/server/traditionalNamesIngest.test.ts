/**
 * Issue 50, item 1, end to end: an entry list whose athletes have Chinese names (`LocalFamilyName`/
 * `LocalGivenName`, or a `Description Language="CHI"`) is ingested, and every document a page reads
 * names them in zh_HK as Hong Kong writes them: the surname 余 stays 余, never 餘. So does the Hong
 * Kong edition of the PDF reports, read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitorLine, NamesDirectory } from '../../schemas/api';
import { directoryPerson } from '../../src/core/namesDirectory';
import { searchIndexOf } from '../../src/server/search';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { markupText } from '../support/markupText';
import { memoryService, odf, serveOnLoopback } from './helpers';

const rsc = (prefix: string) => prefix.padEnd(34, '-');
const DISCIPLINE = rsc('SWM');
const EVENT = rsc('SWMM100MFR');

/** Code, Chinese family and given names (Simplified), and the zh_HK names expected. */
const ATHLETES: readonly [code: string, family: string, given: string, hongKong: [string, string]][] = [
  ['5001', '余', '文乐', ['余', '文樂']],
  ['5002', '范', '丽泰', ['范', '麗泰']],
  ['5003', '于', '品海', ['于', '品海']],
  ['5004', '游', '蕙祯', ['游', '蕙禎']],
  ['5005', '岳', '华', ['岳', '華']],
  ['5006', '郁', '达夫', ['郁', '達夫']],
  ['5007', '涂', '谨申', ['涂', '謹申']],
  ['5008', '干', '宝', ['干', '寶']],
  ['5009', '党', '怀英', ['党', '懷英']],
  ['5010', '后', '羿', ['后', '羿']],
  ['5011', '欧阳', '震华', ['歐陽', '震華']],
  ['5012', '司马', '迁', ['司馬', '遷']],
  ['5013', '钟', '嘉欣', ['鍾', '嘉欣']],
];
/** Named in a `Description Language="CHI"` instead: its Traditional twin is made at ingest. */
const DESCRIBED: readonly [code: string, family: string, given: string, hongKong: [string, string]][] = [
  ['5101', '余', '若薇', ['余', '若薇']],
  ['5102', '范', '国威', ['范', '國威']],
];

const participant = (code: string, names: string) =>
  `<Participant Code="${code}" Gender="M" Organisation="HKG" FamilyName="X${code}" GivenName="Y"${names}>` +
  `<Discipline Code="${DISCIPLINE}"><RegisteredEvent Event="${EVENT}"/></Discipline></Participant>`;
const entryList = odf(
  { DocumentType: 'DT_PARTIC', DocumentCode: DISCIPLINE, Version: '1' },
  `<Competition>${[
    ...ATHLETES.map(([code, family, given]) =>
      participant(code, ` LocalFamilyName="${family}" LocalGivenName="${given}"`),
    ),
    ...DESCRIBED.map(([code, family, given]) =>
      participant(code, '').replace('>', `><Description Language="CHI" FamilyName="${family}" GivenName="${given}"/>`),
    ),
  ].join('')}</Competition>`,
);

/** The event's final, naming every athlete above by code, in English only as results do. */
const FINAL = rsc('SWMM100MFR------------FNL-000100');
const final = odf(
  { DocumentType: 'DT_RESULT', DocumentCode: FINAL, Version: '1', ResultStatus: 'OFFICIAL' },
  `<Competition>${[...ATHLETES, ...DESCRIBED]
    .map(
      ([code], i) =>
        `<Result Rank="${i + 1}" SortOrder="${i + 1}" Result="5${i}.00"><Competitor Code="${code}" Type="A" Organisation="HKG"><Composition><Athlete Code="${code}" Order="1"><Description FamilyName="X${code}" GivenName="Y" Gender="M" Organisation="HKG"/></Athlete></Composition></Competitor></Result>`,
    )
    .join('')}</Competition>`,
);

let service: Service;
let close: (() => Promise<void>) | undefined;
let base: string;
beforeAll(async () => {
  service = await memoryService();
  expect(service.ingestor.ingest(entryList, 'test').outcome).toBe('stored');
  expect(service.ingestor.ingest(final, 'test').outcome).toBe('stored');
  ({ base, close } = await serveOnLoopback(service));
});
afterAll(() => close?.());

const pageText = async (path: string) => markupText(await (await fetch(`${base}${path}`)).text());

describe('names ingested from an entry list, in zh_HK', () => {
  it.each([...ATHLETES, ...DESCRIBED])('%s %s%s in the names directory', (code, family, given, [hkFamily, hkGiven]) => {
    const directory = service.store.json<NamesDirectory>('NAMES', EVENT);
    expect(directoryPerson(directory, code, 'zh_CN')).toEqual({ family, given });
    expect(directoryPerson(directory, code, 'zh_HK')).toEqual({ family: hkFamily, given: hkGiven });
  });

  it('in the competitor list, where the Traditional pair is kept only where it differs', () => {
    const lines = service.store.json<{ athletes: CompetitorLine[] }>('COMPETITORS', 'INDIVIDUALS')!.athletes;
    const line = (code: string) => lines.find((l) => l[0] === code)!;
    // 余文乐 and 余文樂 differ in 樂 only: the Traditional pair is there, with 余.
    expect(line('5001').slice(6)).toEqual(['余', '文乐', '余', '文樂']);
    // 于品海 is written the same in both: no Traditional pair, the page shows the Simplified one.
    expect(line('5003').slice(6)).toEqual(['于', '品海']);
    expect(line('5010').slice(6)).toEqual(['后', '羿']);
    for (const l of lines) expect(l.join(' ')).not.toMatch(/[餘範於遊嶽鬱塗幹黨後]/);
  });

  it('on the unit page and each athlete’s page', async () => {
    const unit = await pageText(`/${FINAL}?lang=zh_HK`);
    for (const [code, , , [family, given]] of [...ATHLETES, ...DESCRIBED]) {
      expect(unit, code).toContain(`${family}${given}`);
      const html = await (await fetch(`${base}/competitor/${code}?lang=zh_HK`)).text();
      expect(markupText(/<h1 id="competitor-name">([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''), code).toBe(
        `${family}${given}`,
      );
    }
    expect(unit).not.toMatch(/[餘範於遊嶽鬱塗幹黨後]/);
  });

  it('in the search, which finds 余文樂 by its Traditional spelling and shows it', () => {
    const search = searchIndexOf(service.store);
    expect(search.search('余文樂', 'zh_HK')[0]).toMatchObject({ kind: 'athlete', code: '5001', name: '余文樂' });
    expect(search.search('歐陽震華', 'zh_HK')[0]).toMatchObject({ code: '5011', name: '歐陽震華' });
    expect(search.search('涂謹申', 'zh_HK')[0]).toMatchObject({ code: '5007', name: '涂謹申' });
    // The Simplified name and zh_CN are as before.
    expect(search.search('余文乐', 'zh_CN')[0]).toMatchObject({ code: '5001', name: '余文乐' });
  });
});

describe('the Hong Kong edition of the PDF reports', () => {
  // Rendered PDFs are kept under the server's data folder: a scratch one.
  let dataDir: string;
  let server: Server;
  let reports: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'podium-hk-reports-'));
    server = createPodiumServer(service, {
      config: { ...readConfig({}), dataDir },
      distDir: '/nonexistent-podium-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    reports = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const report = async (path: string) => {
    const res = await fetch(`${reports}${path}`);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf }).toString('utf8');
    // The faces embedded: the collection's Hong Kong one sets the glyphs as Hong Kong prints them.
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8');
    return { text, fonts, etag: res.headers.get('etag'), disposition: res.headers.get('content-disposition') };
  };
  const everyone = [...ATHLETES, ...DESCRIBED];
  /** The Traditional forms a wrong conversion of these surnames gives (余 as 餘, 范 as 範 ...). */
  const WRONG_SURNAMES = /[餘範於遊嶽鬱塗幹黨後]/;

  it.each(['C51', 'C73'] as const)(
    '%s names everyone as Hong Kong writes them, under Traditional headings',
    async (kind) => {
      const { text, fonts, etag, disposition } = await report(`/reports/zh_HK/${FINAL}/${kind}.pdf`);
      expect(fonts).toContain('+NotoSansCJKhk-Regular');
      expect(fonts).not.toContain('NotoSansCJKsc');
      expect(text).toContain('中華人民共和國第十五屆運動會');
      expect(text).toContain(kind === 'C51' ? '出場名單 Start List' : '成績公告 Results');
      expect(text).toContain('游泳 Swimming');
      for (const [code, , , [family, given]] of everyone) expect(text, code).toContain(`${family}${given} Y X${code}`);
      // The surnames OpenCC would change and a name keeps: 余, 于, 后, beside 鍾 and 歐陽 converted.
      for (const name of ['余文樂', '于品海', '后羿', '鍾嘉欣', '歐陽震華', '司馬遷', '范國威'])
        expect(text).toContain(name);
      expect(text).toContain('香港 HKG');
      expect(text).not.toMatch(WRONG_SURNAMES);
      for (const simplified of ['中华人民共和国', '出场名单', '成绩公告', '余文乐', '欧阳震华', '钟嘉欣', '范国威'])
        expect(text).not.toContain(simplified);
      // Its own ETag and download name: a cache never gives one edition for the other.
      expect(etag).toMatch(new RegExp(`^"${kind}-zh_HK-1\\.\\d+"$`));
      expect(disposition).toContain(`-${kind}-zh_HK.pdf`);
    },
  );

  it('leaves the standard edition in Simplified Chinese, at the address REPORT_LIST gives', async () => {
    const { text, fonts, etag } = await report(`/reports/${FINAL}/C73.pdf`);
    expect(fonts).toContain('+NotoSansCJKsc-Regular');
    expect(text).toContain('中华人民共和国第十五届运动会');
    expect(text).toContain('成绩公告 Results');
    for (const [code, family, given] of everyone) expect(text, code).toContain(`${family}${given} Y X${code}`);
    for (const name of ['余文乐', '欧阳震华', '钟嘉欣', '范国威']) expect(text).toContain(name);
    for (const traditional of ['余文樂', '歐陽震華', '鍾嘉欣', '成績公告']) expect(text).not.toContain(traditional);
    expect(etag).toMatch(/^"C73-1\.\d+"$/);
    const list = service.store.json<{ reports: { code: string; docType: string; file: string }[] }>(
      'REPORT_LIST',
      FINAL,
    );
    expect(list?.reports.find((r) => r.docType === 'C73')?.file).toBe(`/reports/${FINAL}/C73.pdf`);
    // The standard edition has one address: no zh_CN folder.
    expect((await fetch(`${reports}/reports/zh_CN/${FINAL}/C73.pdf`)).status).toBe(404);
    // Each edition is kept in a file of its own.
    const kept = readdirSync(join(dataDir, 'reports', 'cache')).filter((f) => f.startsWith(`${FINAL}-C73-`));
    expect(kept.map((f) => f.replace(/\d+\.pdf$/, 'N.pdf')).sort()).toEqual([
      `${FINAL}-C73-1.N.pdf`,
      `${FINAL}-C73-zh_HK-1.N.pdf`,
    ]);
  });
});
