/**
 * Live push in a real browser (issue 47): pages open on the demo games follow their documents'
 * channels and update in place when the feed changes them: no reload, the reader's scroll kept,
 * one polite announcement per update, the changed rows marked (without motion when the reader
 * asks for less). The service is restarted under an open page, which catches up. The bound on
 * each wait is generous for CI; the figure that matters is bench:live's.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { applyMedalImport } from '../../src/server/medalImport';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { DATABASE_FILE } from '../../src/server/store/dataFolderError';
import { demoDataDir } from '../support/demoService';
import { axeViolations, sharedChromium, watchConsole } from '../support/e2e';
import { siteBuild } from '../support/siteBuild';
import { resultWithHomeScore } from '../support/resultVersion';

const UNIT = 'FBLMU20---------------SFNL000100--';
const SEEN_WITHIN_MS = 10_000;

let dir: string;
let dist: string;
let service: Service;
let server: PodiumServer;
let port = 0;
let context: BrowserContext;

/** The service on `port` (a new server each time: a restart keeps the store and the port). */
async function serve(): Promise<void> {
  server = createPodiumServer(service, { config: readConfig({}), distDir: dist, version: 'e2e-live' });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dist = await siteBuild();
  // A store of its own: this file changes documents the other files read.
  dir = mkdtempSync(join(tmpdir(), 'podium-live-'));
  copyFileSync(join(await demoDataDir(), DATABASE_FILE), join(dir, DATABASE_FILE));
  service = await openService({ dataDir: dir, maxMessageBytes: 64 << 20 });
  await serve();
  context = await (await sharedChromium()).newContext({ viewport: { width: 390, height: 844 } });
}, 600_000);
afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

const homeScore = (page: Page) =>
  page.evaluate(() => document.querySelector('.scoreboard')?.textContent?.replace(/\s+/g, ' ') ?? '');

/** Opens the live unit as a spectator: no intent needed, the live page wakes and connects by itself. */
async function openLiveUnit(lang = 'en_US', target: BrowserContext = context): Promise<Page> {
  const page = await target.newPage();
  await page.goto(`http://127.0.0.1:${port}/${UNIT}?lang=${lang}`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForSelector('.live-status.live-live', { timeout: SEEN_WITHIN_MS });
  // A mark that a reload would wipe, and a count of what the polite region says.
  await page.evaluate(() => {
    const w = window as unknown as { notReloaded: boolean; announced: string[] };
    w.notReloaded = true;
    w.announced = [];
    const region = document.querySelector('.live-status [aria-live="polite"]')!;
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text) w.announced.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return page;
}

describe('a live unit page', () => {
  it('shows a new score without a reload, the scroll kept, announced once, in each language', async () => {
    for (const [lang, said] of [
      ['en_US', /Page updated at/],
      ['zh_CN', /页面已于.*更新/],
      ['zh_HK', /頁面已於.*更新/],
    ] as const) {
      const page = await openLiveUnit(lang);
      const problems = watchConsole(page);
      const score = service.store.get('DT_RESULT', UNIT)!.version + 10;
      await page.evaluate(() => window.scrollTo(0, 120));
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(service.ingestor.ingest(resultWithHomeScore(service, UNIT, score), 'e2e-live').outcome).toBe('stored');
      await page.waitForFunction(
        (s) => document.querySelector('.scoreboard')?.textContent?.includes(String(s)),
        score,
        {
          timeout: SEEN_WITHIN_MS,
        },
      );
      expect(await homeScore(page), lang).toContain(String(score));
      // Said once the page has it; a second word about the same update would come right after it.
      await page.waitForFunction(() => (window as unknown as { announced: string[] }).announced.length > 0, undefined, {
        timeout: SEEN_WITHIN_MS,
      });
      await page.waitForTimeout(1000);
      const after = await page.evaluate(() => ({
        notReloaded: (window as unknown as { notReloaded?: boolean }).notReloaded,
        announced: (window as unknown as { announced: string[] }).announced,
        scrollY: window.scrollY,
      }));
      expect(after.notReloaded).toBe(true);
      expect(after.scrollY).toBe(scrolled);
      expect(after.announced, lang).toHaveLength(1);
      expect(after.announced[0]).toMatch(said);
      expect(await page.textContent('.live-status'), lang).toMatch(
        // Intl.RelativeTimeFormat's words (CLDR): 秒钟前 in Simplified Chinese, a spaced 秒前 in Hong Kong's.
        { en_US: /Live · updated \d+ seconds? ago/, zh_CN: /实时 · \d+秒钟前更新/, zh_HK: /實時 · \d+ 秒前更新/ }[lang],
      );
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('marks the changed rows with a fade, and without motion for a reader who asks for less', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const target = await (
        await sharedChromium()
      ).newContext({ viewport: { width: 390, height: 844 }, reducedMotion });
      const page = await openLiveUnit('en_US', target);
      const score = service.store.get('DT_RESULT', UNIT)!.version + 20;
      expect(service.ingestor.ingest(resultWithHomeScore(service, UNIT, score), 'e2e-live').outcome).toBe('stored');
      const mark = await page.waitForFunction(
        () => {
          const cell = document.querySelector('.row-changed td');
          return (
            cell && {
              animation: getComputedStyle(cell).animationName,
              background: getComputedStyle(cell).backgroundColor,
            }
          );
        },
        undefined,
        { timeout: SEEN_WITHIN_MS },
      );
      const style = (await mark.jsonValue()) as { animation: string; background: string };
      if (reducedMotion === 'reduce') {
        expect(style.animation).toBe('none');
        expect(style.background).toBe('rgb(255, 244, 194)');
      } else expect(style.animation).toBe('row-flash');
      await target.close();
    }
  }, 60_000);

  it('has no serious axe violation with its live indicator', async () => {
    // axe is added to the page as a script: its context lets it past the page's CSP.
    const target = await (
      await sharedChromium()
    ).newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await openLiveUnit('en_US', target);
    expect(await axeViolations(page)).toEqual([]);
    await target.close();
  }, 60_000);

  it('catches up after the service restarts under it', async () => {
    const page = await openLiveUnit();
    // Stopped as a process stops: every connection ends now (an idle keep-alive or a request in
    // flight would otherwise hold the close open).
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
    await page.waitForSelector('.live-status.live-reconnecting', { timeout: SEEN_WITHIN_MS });
    // Written while the service is down: the page learns it once it is back.
    const score = service.store.get('DT_RESULT', UNIT)!.version + 30;
    expect(service.ingestor.ingest(resultWithHomeScore(service, UNIT, score), 'e2e-live').outcome).toBe('stored');
    await serve();
    await page.waitForFunction((s) => document.querySelector('.scoreboard')?.textContent?.includes(String(s)), score, {
      timeout: SEEN_WITHIN_MS * 2,
    });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.waitForSelector('.live-status.live-live', { timeout: SEEN_WITHIN_MS });
    await page.close();
  }, 60_000);
});

/** The football schedule's stored message with the unit's status changed, as its next version. */
function scheduleWithStatus(status: string): Buffer {
  const row = service.db
    .prepare(
      "SELECT code, body FROM messages WHERE type = 'DT_SCHEDULE' AND code LIKE 'FBL%' AND outcome = 'stored' ORDER BY id DESC LIMIT 1",
    )
    .get() as { code: string; body: Buffer };
  const version = service.store.get('DT_SCHEDULE', row.code)!.version + 1;
  const xml = row.body
    .toString('utf8')
    .replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${version}"`)
    .replace(new RegExp(`(<Unit Code="${UNIT}"[^>]*?ScheduleStatus=")[A-Z]+"`), `$1${status}"`);
  return Buffer.from(xml);
}

describe('pages a reader only reads', () => {
  it("the day's schedule, left asleep, wakes on its channel's event and shows the unit's new status", async () => {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/schedule/daily?date=2025-11-17&lang=en_US`);
    // Asleep: no intent, no live mark; the boot script alone follows the page's channels.
    await page.waitForFunction(() => document.getElementById('podium-live') !== null);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    const row = `tr:has(a[href*="${UNIT}"])`;
    const before = await page.textContent(row);
    expect(before).toMatch(/Running/i);
    // Whether its stream opens before this change or after it (its first event is then the
    // document's current version), the first ETag that is not its copy's wakes it.
    expect(service.ingestor.ingest(scheduleWithStatus('FINISHED'), 'e2e-live').outcome).toBe('stored');
    await page.waitForFunction((r) => /Finished/i.test(document.querySelector(r)?.textContent ?? ''), row, {
      timeout: SEEN_WITHIN_MS,
    });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(true);
    await page.close();
  }, 60_000);

  it('the medal table takes a correction of the counts in place', async () => {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/medal/ranking?lang=en_US`);
    await page.keyboard.press('Shift'); // a reader who uses the page: woken
    await page.waitForSelector('.live-status.live-live', { timeout: SEEN_WITHIN_MS });
    const firstRow = 'table tbody tr';
    const before = (await page.textContent(firstRow))!;
    const tally = service.store.json<{ rows: { organisation: string; gold: number }[] }>('MEDAL_TALLY', 'ALL')!;
    const leader = tally.rows[0]!;
    applyMedalImport(service.db, [{ organisation: leader.organisation, gold: 7, silver: 0, bronze: 0 }], 'e2e-live');
    service.derive.touch('table:medal_corrections');
    service.derive.flush();
    const gold = String(leader.gold + 7);
    await page.waitForFunction(
      ([r, g]) => document.querySelector(r!)?.textContent?.includes(g!),
      [firstRow, gold] as const,
      { timeout: SEEN_WITHIN_MS },
    );
    expect(await page.textContent(firstRow)).not.toBe(before);
    await page.close();
  }, 60_000);

  it("a follower's My schedule shows a followed unit's new status", async () => {
    const page = await context.newPage();
    // Following Hebei (the semifinal's home side), as the follow button keeps it.
    await page.addInitScript(() => {
      localStorage.setItem('podium-follow', JSON.stringify({ delegations: ['HEB'], athletes: [] }));
      document.cookie = 'podium-follows=1; Path=/';
    });
    await page.goto(`http://127.0.0.1:${port}/follow?lang=en_US`);
    const row = `.follow-page tr:has(a[href*="${UNIT}"])`;
    await page.waitForSelector(row, { timeout: SEEN_WITHIN_MS });
    await page.waitForSelector('.live-status.live-live', { timeout: SEEN_WITHIN_MS });
    expect(await page.textContent(row)).not.toMatch(/Delayed/);
    expect(service.ingestor.ingest(scheduleWithStatus('DELAYED'), 'e2e-live').outcome).toBe('stored');
    await page.waitForFunction((r) => /Delayed/.test(document.querySelector(r)?.textContent ?? ''), row, {
      timeout: SEEN_WITHIN_MS,
    });
    await page.close();
  }, 60_000);
});
