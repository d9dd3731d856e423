/**
 * Issue 27, items 2 and 5: the exported mirror served by Debian's nginx with deploy/nginx-static.conf
 * and no service running. The games are the demo generator's for one event of two sports (a team
 * game with pools and brackets, a race with heats and a final), exported by `npm run export` as an
 * operator runs it (the compiled command in production mode). The
 * main pages answer in the three languages with the results in the first HTML, byte for byte the
 * HTML the service sent for them; the CSV files the pages link to are the service's, at the same
 * addresses; in Chromium a reader goes from the schedule to a unit and the medal table, and the
 * header's search says that it needs the service. After one new result message, `export --since`
 * rewrites only the pages that read a changed document (listed), and the mirror shows the new
 * result, in its page and its CSV file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { medalTableCsvUrl, unitCsvUrl } from '../../src/core/csvLinks';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { readConfig } from '../../src/server/config';
import { readManifest } from '../../src/server/export/manifest';
import { SECURITY_HEADERS } from '../../src/server/http/headers';
import { generateDemoGames, readProgramme } from '../../src/server/demo/index';
import { createPodiumServer } from '../../src/server/http/server';
import { openService } from '../../src/server/service';
import { launchChromium, openHydrated, watchConsole } from '../support/e2e';
import { startStaticMirror, type TestNginx } from '../support/nginx';
import { podium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

const SPORTS = ['BKB', 'SWM'];
/**
 * The first event of each sport's programme (BKB men's senior: pools, quarterfinals to the final;
 * SWM men's 100 m freestyle: heats, semifinals, final), which is all the checks read. Each event more
 * adds its units, competitors and reports: the four events of each sport are twice the pages.
 */
const EVENTS_PER_SPORT = 1;
const HTML_LANG = { zh_CN: 'zh-Hans-CN', zh_HK: 'zh-Hant-HK', en_US: 'en-US' } as const;

let dataDir: string;
let out: string;
let nginx: TestNginx;
let base: string;
let browser: Browser;
/** The service's own HTML of the pages compared, rendered from the store before it closed. */
const served = new Map<string, string>();
let unit: string;
let liveUnit: string;
let otherUnit: string;

/**
 * `npm run export` as an operator runs it: the compiled command in production mode (support/
 * podiumProcess.ts), the default way: reports included.
 */
const exportCommand = (...args: string[]) => {
  const run = podium('export', [out, ...args], { PODIUM_DATA: dataDir });
  if (run.status !== 0) throw new Error(`export failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
};

/** A page through the mirror, as a browser without cookies asks for it (or with the language cookie). */
async function get(path: string, cookie?: string) {
  const response = await fetch(`${base}${path}`, cookie ? { headers: { cookie } } : {});
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cookie: response.headers.get('set-cookie'),
    headers: response.headers,
    body: await response.text(),
  };
}

/** The headers of a page that a browser acts on (security and policy), as the service sends them. */
const PAGE_POLICY_HEADERS = [...Object.keys(SECURITY_HEADERS), 'Content-Security-Policy'];
const servedHeaders = new Map<string, string | null>();
/** The same for an embed (other sites may frame it). */
const servedEmbedHeaders = new Map<string, string | null>();
/** The embeds compared: the medal table's and a unit's (`unit`'s, set below). */
const embedPaths = () => ['/embed/medals', `/embed/${unit}`];
/** The service's CSV files, by address: the medal table's, a unit's result (its opening tab) and statistics. */
const servedCsv = new Map<string, Buffer>();
const csvLinks = (locale: (typeof LOCALE_IDS)[number]) => [
  medalTableCsvUrl(locale),
  unitCsvUrl(unit, locale),
  unitCsvUrl(unit, locale, 'statistics'),
];

beforeAll(async () => {
  const dist = await siteBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'podium-mirror-data-'));
  out = mkdtempSync(join(tmpdir(), 'podium-mirror-'));
  const service = await openService({ dataDir, maxMessageBytes: 64 * 1024 * 1024 });
  const sports = service.sports.filter((s) => SPORTS.includes(s.code));
  const programmes = new Map(
    sports.map((s) => {
      const programme = readProgramme(join(ROOT, 'sports'), s.code);
      return [s.code, { ...programme, events: programme.events.slice(0, EVENTS_PER_SPORT) }];
    }),
  );
  for (const message of generateDemoGames(sports, programmes))
    service.ingestor.ingest(Buffer.from(message.xml), `demo:${message.name}`, { deferDerive: true });
  service.ingestor.flush();
  const units = (status: string) =>
    (
      service.db
        .prepare(
          "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = ? AND code LIKE 'BKB%' ORDER BY code",
        )
        .all(status) as { code: string }[]
    ).map((r) => r.code);
  [unit, otherUnit] = units('OFFICIAL') as [string, string];
  // The unit the new message is about: the latest result message of another game, as the feed sent it.
  liveUnit = (
    service.db
      .prepare(
        "SELECT code FROM messages WHERE type = 'DT_RESULT' AND code LIKE 'BKB%' AND outcome = 'stored' AND status = 'OFFICIAL' AND body IS NOT NULL AND code NOT IN (?, ?) ORDER BY id DESC LIMIT 1",
      )
      .get(unit, otherUnit) as { code: string }
  ).code;
  // The service's answer for the pages the mirror is compared on.
  const server = createPodiumServer(service, { config: readConfig({}), distDir: dist, version: 'mirror' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const locale of LOCALE_IDS) {
    for (const path of ['/schedule/total', `/${unit}?tab=result`, '/medal/ranking']) {
      // The public site's page, as the export renders it (requestOrigin.ts): not the local variant.
      const response = await fetch(`${origin}${path}`, {
        headers: { cookie: `podium-lang=${locale}`, 'x-forwarded-for': '203.0.113.9' },
      });
      served.set(`${locale} ${path}`, await response.text());
      for (const name of PAGE_POLICY_HEADERS) servedHeaders.set(name, response.headers.get(name));
    }
    for (const link of csvLinks(locale))
      servedCsv.set(link, Buffer.from(await (await fetch(`${origin}${link}`)).arrayBuffer()));
    for (const path of embedPaths()) {
      const response = await fetch(`${origin}${path}`, {
        headers: { cookie: `podium-lang=${locale}`, 'x-forwarded-for': '203.0.113.9' },
      });
      served.set(`${locale} ${path}`, await response.text());
      for (const name of PAGE_POLICY_HEADERS) servedEmbedHeaders.set(name, response.headers.get(name));
    }
  }
  await new Promise((resolve) => server.close(resolve));
  service.close();
  exportCommand();
  nginx = await startStaticMirror(out);
  base = `http://127.0.0.1:${nginx.port}`;
  browser = await launchChromium();
}, 1_200_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the exported mirror behind nginx, no service running', () => {
  it('answers the main pages in three languages with the results in the first HTML', async () => {
    for (const locale of LOCALE_IDS) {
      const chosen = await get(`/schedule/total?lang=${locale}`);
      expect(chosen.status, locale).toBe(200);
      expect(chosen.type).toContain('text/html');
      expect(chosen.body).toContain(`<html lang="${HTML_LANG[locale]}"`);
      // A language chosen by link is remembered, as the service remembers it.
      expect(chosen.cookie).toContain(`podium-lang=${locale}`);
      for (const path of ['/schedule/total', `/${unit}?tab=result`, '/medal/ranking']) {
        const page = await get(path, `podium-lang=${locale}`);
        expect(page.status, `${locale} ${path}`).toBe(200);
        expect(page.body, `${locale} ${path}: the service's own HTML`).toBe(served.get(`${locale} ${path}`));
        for (const name of PAGE_POLICY_HEADERS)
          expect(page.headers.get(name), `${locale} ${path} ${name}`).toBe(servedHeaders.get(name));
      }
    }
    // Without a cookie or a choice, the service's default language.
    expect((await get('/medal/ranking')).body).toContain(`<html lang="${HTML_LANG.zh_CN}"`);
  });

  it('holds the embeds, in the language their address names, with the service’s HTML and its framing policy', async () => {
    expect(servedEmbedHeaders.get('X-Frame-Options')).toBeNull();
    expect(servedEmbedHeaders.get('Content-Security-Policy')).toContain('frame-ancestors *');
    for (const locale of LOCALE_IDS) {
      for (const path of embedPaths()) {
        const embed = await get(`${path}?lang=${locale}`);
        expect(embed.status, `${locale} ${path}`).toBe(200);
        expect(embed.body, `${locale} ${path}: the service's own HTML`).toBe(served.get(`${locale} ${path}`));
        for (const name of PAGE_POLICY_HEADERS)
          expect(embed.headers.get(name), `${locale} ${path} ${name}`).toBe(servedEmbedHeaders.get(name));
        // The frame's language is not the reader's: nothing remembered.
        expect(embed.cookie, `${locale} ${path}`).toBeNull();
      }
    }
    // The schedule's, by day and by sport on a day (one of the days the grid gives the sport).
    const grid = JSON.parse((await get('/api/crs/odf/json/SCHEDULE_GRID/ALL')).body) as {
      rows: { discipline: string; cells: { date: string; units: number }[] }[];
    };
    const date = grid.rows.find((r) => r.discipline === 'SWM')!.cells.find((c) => c.units > 0)!.date;
    const day = await get(`/embed/schedule?date=${date}&discipline=SWM&lang=en_US`);
    expect(day.status).toBe(200);
    expect(day.body).toContain('Swimming');
    expect(day.body).toContain('<table class="data-table schedule-units"');
    expect(day.headers.get('X-Frame-Options')).toBeNull();
  });

  it("holds the CSV files the pages link to, the service's bytes at its addresses", async () => {
    /** The page's CSV link (web/downloads/csvLink.ts). */
    const linked = (html: string) =>
      /<p class="csv-download"><a href="([^"]+)" download>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    for (const locale of LOCALE_IDS) {
      const [medals, result, statistics] = csvLinks(locale);
      const cookie = `podium-lang=${locale}`;
      expect(linked((await get('/medal/ranking', cookie)).body), locale).toBe(medals);
      expect(linked((await get(`/${unit}?tab=result`, cookie)).body), locale).toBe(result);
      expect(linked((await get(`/${unit}?tab=statistics`, cookie)).body), locale).toBe(statistics);
      for (const link of [medals!, result!, statistics!]) {
        const response = await fetch(`${base}${link}`);
        expect(response.status, link).toBe(200);
        expect(response.headers.get('content-type'), link).toBe('text/csv; charset=utf-8');
        expect(response.headers.get('content-disposition'), link).toMatch(/^attachment; filename="/);
        expect(Buffer.from(await response.arrayBuffer()).equals(servedCsv.get(link)!), link).toBe(true);
      }
    }
  });

  it("serves a unit's report PDF the page links to, from the export", async () => {
    const page = await get(`/${unit}?tab=report`, 'podium-lang=en_US');
    const link = /href="(\/reports\/[^"]+\.pdf)"/.exec(page.body)?.[1];
    expect(link, 'the report tab links a PDF').toBeDefined();
    const response = await fetch(`${base}${link}`);
    expect(response.status, link).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.equals(readFileSync(join(out, link!.slice(1))))).toBe(true);
    const manifest = readManifest(out)!;
    expect(manifest.complete).toBe(true);
  });

  it('shows the result of a unit as its document has it, and its documents at their API URLs', async () => {
    const document = JSON.parse((await get(`/api/crs/odf/json/DT_RESULT/${unit}`)).body) as {
      Competition: { Result: { Result?: string }[] }[];
    };
    const results = document.Competition[0]!.Result.map((r) => r.Result).filter(Boolean);
    expect(results.length).toBeGreaterThan(1);
    const page = await get(`/${unit}?tab=result`, 'podium-lang=en_US');
    for (const result of results) expect(page.body).toContain(`>${result}<`);
    expect((await get(`/api/crs/odf/json/DT_RESULT/${unit}`)).type).toContain('application/json');
    expect((await get('/no/such/page')).status).toBe(404);
  });

  it('holds the developers’ page and the API description it is drawn from', async () => {
    const page = await get('/developers', 'podium-lang=zh_HK');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1 id="dev-title">開放數據與介面</h1>');
    const description = await get('/api/openapi.json');
    expect(description.status).toBe(200);
    expect(description.type).toContain('application/json');
    expect((JSON.parse(description.body) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it("lets a reader go from a sport's schedule to a unit and the medal table in Chromium, and says search needs the service", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await openHydrated(page, `${base}/schedule/total?lang=en_US`);
    // The sport's schedule lists its units; a unit opens in the app, its documents from the mirror.
    await openHydrated(page, `${base}/discipline/BKB/schedule`);
    await page.click('a[href^="/BKB"]');
    await page.waitForSelector('.widget-table, .scoreboard, .empty');
    expect(new URL(page.url()).pathname).toMatch(/^\/BKB/);
    await openHydrated(page, `${base}/medal/ranking`);
    await page.waitForSelector('table');
    await page.fill('input[type="search"]', 'Guang');
    await page.waitForSelector('text=Search needs the live results service');
    // An embed stays live without a channel: it wakes by itself and polls the mirror.
    await page.goto(`${base}/embed/medals?lang=en_US`);
    await page.waitForSelector('.live-status.live-polling', { timeout: 10_000 });
    // The only failures are the search the mirror has not got.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('after one new result, `--since` rewrites the pages that read it, listed, and the mirror shows it', async () => {
    const service = await openService({ dataDir, maxMessageBytes: 64 * 1024 * 1024 });
    const last = service.db
      .prepare(
        "SELECT CAST(body AS TEXT) AS xml, version FROM messages WHERE type = 'DT_RESULT' AND code = ? AND outcome = 'stored' ORDER BY version DESC LIMIT 1",
      )
      .get(liveUnit) as { xml: string; version: number };
    const official = last.xml
      .replace(/ Version="\d+"/, ` Version="${last.version + 1}"`)
      .replace(/ ResultStatus="[A-Z_]+"/, ' ResultStatus="OFFICIAL"')
      .replace(/(<Result\b[^>]*?) Result="\d+"/, '$1 Result="187"');
    expect(official).toContain('Result="187"');
    expect(service.ingestor.ingest(Buffer.from(official), 'mirror-test').outcome).toBe('stored');
    service.close();
    const printed = exportCommand('--since');
    const rewritten = printed
      .split('\n')
      .filter((l) => l.startsWith('  pages/'))
      .map((l) => l.trim());
    // Every page of the unit, in each language; no page of another unit.
    for (const locale of LOCALE_IDS) {
      expect(rewritten, locale).toContain(`pages/${locale}/${liveUnit}/index&tab=result.html`);
      expect(rewritten, locale).toContain(`pages/${locale}/embed/${liveUnit}/index.html`);
    }
    // No page of another game: each unit reads its own report list. Only the report lists of the
    // games and of the sport name it, as they list the new report.
    const reportLists = /^pages\/\w+\/(report|discipline\/BKB\/report)\//;
    expect(rewritten.filter((f) => f.includes(otherUnit) && !reportLists.test(f))).toEqual([]);
    // No page of the other sport's units: nothing they read changed.
    expect(rewritten.filter((f) => /^pages\/\w+\/SWM/.test(f))).toEqual([]);
    const total = readManifest(out)!.pages.size;
    // What was rewritten, by the page's first path segment (the reader of this log sees why).
    const kinds = new Map<string, number>();
    for (const file of rewritten) {
      const kind = file.split('/')[2]!.replace(/^(BKB|SWM)\w*-.*/, '$1 units');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(`export --since: ${rewritten.length} of ${total} pages rewritten:`, Object.fromEntries(kinds));
    expect(rewritten.length).toBeLessThan(total);
    expect(rewritten.every((f) => /^pages\/(zh_CN|zh_HK|en_US)\//.test(f))).toBe(true);
    const page = await get(`/${liveUnit}?tab=result`, 'podium-lang=en_US');
    expect(page.body).toContain('>187<');
    expect((await get(`/embed/${liveUnit}?lang=en_US`)).body).toContain('>187<');
    // Its CSV file, fetched again with the page that links it.
    expect((await get(unitCsvUrl(liveUnit, 'en_US'))).body).toMatch(/(^|,)187(,|\r\n)/m);
    // The rewritten report lists link the other units' reports too: asked with the ETag they were
    // written at, the service says they are current; the unit's new official results are fetched.
    expect(Number(/export: (\d+) linked files current by their ETag/.exec(printed)?.[1] ?? 0)).toBeGreaterThan(0);
    const results = await fetch(`${base}/reports/${liveUnit}/C73.pdf`);
    expect(results.status).toBe(200);
    expect(
      Buffer.from(await results.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  }, 900_000);
});
