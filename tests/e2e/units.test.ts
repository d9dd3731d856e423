/**
 * End-to-end over unit and sport-level pages: for ten sports of different kinds, a unit of the demo
 * games is opened from its sport's schedule, every tab is switched, the language is changed, and
 * the sport-level pages are opened; in Debian's Chromium against the real service, with axe-core.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedSport } from '../../src/core/sports/types';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { sportLoaders } from '../../src/generated/sportRegistry';
import type { SportCode } from '../../src/generated/sportCodes';
import { demoDataDir } from '../support/demoService';
import {
  axeViolations,
  launchChromium,
  openHydrated,
  untilHydrated,
  startSite,
  watchConsole,
  type RunningSite,
} from '../support/e2e';
import { siteBuild } from '../support/siteBuild';

/** Ten sports of different kinds: races, team games, racket, combat, judged, target, sailing. */
const SPORTS: SportCode[] = ['SWM', 'ATH', 'BKB', 'FBL', 'TTE', 'FEN', 'GAR', 'SAL', 'BOX', 'SHO'];

let site: RunningSite;
let service: Service;
let browser: Browser;
let base: string;

beforeAll(async () => {
  site = await startSite('e2e-units');
  service = site.service;
  base = `http://127.0.0.1:${site.port}`;
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const open = (page: Page, path: string) => openHydrated(page, `${base}${path}`);
const watch = watchConsole;

/** Official units of a sport, the ones with the most tab documents first. */
function officialUnits(code: string): Set<string> {
  const rows = service.db
    .prepare("SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' AND code LIKE ?")
    .all(`${code}%`) as { code: string }[];
  return new Set(rows.map((r) => r.code));
}

/** What a tab or page shows once drawn: a table, a bracket, the report list, or the no-data line. */
const CONTENT = '.widget-table, .bracket-match, .report-table, .empty';

describe.each(SPORTS.map((code) => [code]))('%s in Chromium', (code) => {
  let sport: ResolvedSport;
  beforeAll(async () => {
    sport = (await sportLoaders[code]()).default;
  });

  it('opens a unit from the schedule, switches every tab and the language', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      await open(page, `/discipline/${code}/schedule`);
      const official = officialUnits(code);
      const hrefs = await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const unit = hrefs.map((h) => h.slice(1)).find((h) => official.has(h));
      expect(unit, `${code}: the schedule links an official unit`).toBeDefined();
      await page.locator(`main a[href="/${unit}"]`).first().click();
      await page.waitForURL(`**/${unit}`);
      await page.locator('.unit-page h1').waitFor();
      for (const tab of sport.unitTabs) {
        await page.locator(`.tabs a[href="/${unit}?tab=${tab}"]`).click();
        await page.waitForURL(`**/${unit}?tab=${tab}`);
        // The tab is current once its loader has answered.
        await page.locator(`.tabs a.active[href="/${unit}?tab=${tab}"]`).waitFor();
        const panel = page.locator('.tab-panel[data-state="active"]');
        await panel.locator(CONTENT).first().waitFor();
        expect(await panel.locator('.widget-error, .widget-unknown').count(), `${code} ${tab}`).toBe(0);
        expect(await page.locator('.tabs a.active').textContent()).toBe(sport.labels.zh_CN[`tab.${tab}`]);
      }
      // Change the language with the floating control: the tabs read in English, <html lang> follows.
      await page.locator('.floating-handle').click();
      await page.locator('.floating-menu a[lang="en-US"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en-US');
      await untilHydrated(page);
      const first = sport.unitTabs[0]!;
      expect(await page.locator(`.tabs a[href="/${unit}?tab=${first}"]`).textContent()).toBe(
        sport.labels.en_US[`tab.${first}`],
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens every sport-level page', async () => {
    const pages = Object.keys(sport.pages);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      // axe runs on pages opened in a context that bypasses the CSP (the injected script needs it).
      for (const id of pages) {
        const response = await open(page, `/${code}/${id}`);
        expect(response?.status(), `${code}/${id}`).toBe(200);
        await page.locator(`main ${CONTENT}`).first().waitFor();
        expect(await page.locator('main .widget-table, main .bracket-match').count(), `${code}/${id}`).toBeGreaterThan(
          0,
        );
        expect(await page.locator('.widget-error, .widget-unknown').count()).toBe(0);
        expect(await axeViolations(page), `${code}/${id}`).toEqual([]);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a mass-start field', () => {
  /** The official result with the most rows: the 5,200-finisher marathon. */
  const biggestField = () =>
    service.db
      .prepare(
        "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' ORDER BY length(body) DESC LIMIT 1",
      )
      .get() as { code: string };

  it('draws only the rows in view of a 5,000-row result, and the last ones once scrolled there', async () => {
    const row = biggestField();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      const documentRequests: string[] = [];
      page.on('request', (request) => {
        // Not the live stream's question once it opens (web/live/catchUp.ts): is the page's copy
        // still current? Asked with its ETag, it is a 304 when it is, never the field.
        if (request.headers()['if-none-match']) return;
        if (request.url().includes(`/DT_RESULT/${row.code}`)) documentRequests.push(request.url());
      });
      // The page carries the field's first rows only: its payload stays small whatever the field.
      const html = await (await fetch(`${base}/${row.code}?tab=result`)).text();
      expect(html.length).toBeLessThan(300_000);
      // The HTML draws what the box shows first (720 px assumed, rows of 41 px), no margin past it:
      // those rows are the first frame's cost. The margin comes once the page runs and measures.
      const inHtml = (html.match(/<tbody data-index="/g) ?? []).length;
      expect(inHtml).toBe(Math.ceil(720 / 41));
      await open(page, `/${row.code}?tab=result`);
      const count = Number(await page.locator('.widget-table').getAttribute('aria-rowcount')) - 1;
      expect(count).toBeGreaterThan(4000);
      await expect.poll(() => page.locator('.widget-table tbody[data-index]').count()).toBeGreaterThan(inHtml);
      expect(await page.locator('.widget-table tbody[data-index]').count()).toBeLessThan(120);
      expect(documentRequests).toEqual([]);
      // Scrolled to the end, the rest of the field is read once and its last rows drawn.
      await page.locator('.table-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
      await page.locator(`.widget-table tbody[data-index="${count - 1}"]`).waitFor();
      await page.locator('.table-scroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
      expect(documentRequests).toHaveLength(1);
      expect(await page.locator('.widget-table tbody[data-index]').count()).toBeLessThan(120);
      expect(await page.locator('.row-pending').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads the whole field before sorting it', async () => {
    const row = biggestField();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      await open(page, `/${row.code}?tab=result`);
      const count = Number(await page.locator('.widget-table').getAttribute('aria-rowcount')) - 1;
      const loaded = page.waitForResponse((response) => response.url().includes(`/DT_RESULT/${row.code}`));
      // Rank, twice: descending, so the last of the whole field (not of its first rows) comes first.
      const rank = page.locator('.widget-table thead th').nth(1).locator('button');
      await rank.click();
      await rank.click();
      await loaded;
      const firstRank = () => page.locator('.widget-table tbody[data-index="0"] td').nth(1).innerText();
      await expect.poll(async () => Number(await firstRank())).toBeGreaterThan(200);
      expect(Number(await page.locator('.widget-table').getAttribute('aria-rowcount')) - 1).toBe(count);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a live unit', () => {
  it('refreshes by itself while open, and shows the spectator what changed', async () => {
    // Its own copy of the demo store: this test ingests, the shared store stays as built.
    const dir = mkdtempSync(join(tmpdir(), 'podium-live-'));
    copyFileSync(join(await demoDataDir(), 'podium.sqlite'), join(dir, 'podium.sqlite'));
    const own = await openService({ dataDir: dir, maxMessageBytes: 64 * 1024 * 1024 });
    const ownServer = createPodiumServer(own, {
      config: readConfig({}),
      distDir: await siteBuild(),
      version: 'e2e-live',
    });
    await new Promise<void>((resolve) => ownServer.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const live = own.db
        .prepare(
          "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'LIVE' ORDER BY length(body), code LIMIT 1",
        )
        .get() as { code: string };
      const sent = own.db
        .prepare(
          "SELECT CAST(body AS TEXT) AS xml, version FROM messages WHERE type = 'DT_RESULT' AND code = ? AND outcome = 'stored' ORDER BY version DESC LIMIT 1",
        )
        .get(live.code) as { xml: string; version: number };
      const page = await context.newPage();
      const problems = watch(page);
      await page.clock.install();
      await page.goto(`http://127.0.0.1:${(ownServer.address() as AddressInfo).port}/${live.code}?tab=result`);
      await untilHydrated(page);
      await page.locator('.live-note').waitFor();
      expect(await page.locator('.row-changed').count()).toBe(0);
      // The venue sends a new version: the first competitor's result changes.
      const next = sent.xml
        .replace(/Version="\d+"/, `Version="${sent.version + 1}"`)
        .replace(/(<Result\b[^>]*?\bResult=")[^"]*"/, '$1' + '777"');
      const outcome = own.ingestor.ingest(Buffer.from(next), 'e2e-live');
      expect(JSON.stringify(outcome)).not.toContain('reject');
      await page.clock.fastForward(16_000);
      await page.locator('.row-changed').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.row-changed').first().textContent()).toContain('777');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await new Promise((resolve) => ownServer.close(resolve));
      own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
