/**
 * Issue 16, item 4: a reader follows delegations and athletes (kept in the browser, no account);
 * followed entries are highlighted in results, schedules and the medal table, and "My schedule"
 * lists their units with a calendar subscription. Debian's Chromium against the real service.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openHydrated, untilHydrated, siteAndBrowserFor } from '../support/e2e';

const e2e = siteAndBrowserFor();

const DELEGATION = 'GDG';
const one = <T>(sql: string, ...args: unknown[]) => e2e.site.service.db.prepare(sql).get(...args) as T;
const delegationUnits = () =>
  new Set(
    e2e.site.service.store
      .json<{ units: { code: string }[] }>('SCHEDULE_DELEGATION', DELEGATION)!
      .units.map((unit) => unit.code),
  );

async function withPage(width: number, run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('following', () => {
  it('a delegation: kept across reloads, highlighted in results, the schedule and the medal table, listed in My schedule', async () => {
    await withPage(390, async (page) => {
      await openHydrated(page, `${e2e.base}/delegation/${DELEGATION}/schedule?lang=en_US`);
      const button = page.locator('.follow-button');
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      await button.click();
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await button.textContent()).toContain('Following');
      await page.reload();
      await untilHydrated(page);
      expect(await page.locator('.follow-button').getAttribute('aria-pressed')).toBe('true');

      // A result with the delegation in it: its rows, and only its rows, are highlighted.
      const unit = one<{ code: string }>(
        "SELECT code FROM unit_facts WHERE organisations LIKE ? AND status = 'OFFICIAL' ORDER BY code LIMIT 1",
        `%"${DELEGATION}"%`,
      ).code;
      await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=en_US`);
      await page.locator('.widget-table tr.row-followed').first().waitFor();
      const rows = await page
        .locator('.widget-table tbody > tr:not(.detail-row)')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.classList.contains('row-followed'), tr.querySelector('.cell-org')?.getAttribute('href')]),
        );
      for (const [highlighted, href] of rows) expect(highlighted).toBe(href === `/delegation/${DELEGATION}`);

      await openHydrated(page, `${e2e.base}/medal/ranking?lang=en_US`);
      await page.locator('.medal-table tr.row-followed').waitFor();
      expect(
        await page
          .locator('.medal-table tr.row-followed th a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual([`/delegation/${DELEGATION}/medalists`]);

      await openHydrated(page, `${e2e.base}/schedule/daily?lang=en_US`);
      await page.locator('.schedule-units tr.row-followed').first().waitFor();
      const marked = await page
        .locator('.schedule-units tr.row-followed a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice(1)));
      const own = delegationUnits();
      expect(marked.length).toBeGreaterThan(0);
      for (const code of marked) expect(own.has(code), code).toBe(true);

      await openHydrated(page, `${e2e.base}/follow?lang=en_US`);
      await page.locator('.follow-page .schedule-units').first().waitFor();
      expect(await page.locator('.follow-list a').first().textContent()).toBe('Guangdong');
      const listed = await page
        .locator('.follow-page .schedule-units tbody a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice(1)));
      expect(new Set(listed)).toEqual(own);
      expect(await page.locator('.follow-page .calendar-link a').getAttribute('href')).toBe(
        `/calendar/follow.ics?delegation=${DELEGATION}&lang=en_US`,
      );
    });
  });

  it('an athlete: followed from their page, their events in My schedule', async () => {
    const athlete = one<{ code: string }>(
      "SELECT json_extract(value, '$.competitor') AS code FROM competitor_results, json_each(lines) WHERE unit LIKE 'SWM%' AND json_extract(value, '$.team') IS NULL LIMIT 1",
    ).code;
    await withPage(1280, async (page) => {
      await openHydrated(page, `${e2e.base}/competitor/${athlete}?lang=en_US`);
      await page.locator('.follow-button').click();
      await openHydrated(page, `${e2e.base}/follow?lang=en_US`);
      await page.locator('.follow-page .schedule-units').first().waitFor();
      const listed = await page
        .locator('.follow-page .schedule-units tbody a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.slice(1)));
      const unit = one<{ unit: string }>(
        "SELECT unit FROM competitor_results, json_each(lines) WHERE json_extract(value, '$.competitor') = ? LIMIT 1",
        athlete,
      ).unit;
      expect(listed).toContain(unit);
    });
  });

  it("a follower's page wakes by itself (the follows cookie, not a read of local storage) and marks their rows; unfollowing ends it", async () => {
    await withPage(390, async (page, context) => {
      const followsCookie = async () =>
        (await context.cookies()).find((cookie) => cookie.name === 'podium-follows')?.value;
      await openHydrated(page, `${e2e.base}/delegation/${DELEGATION}/schedule?lang=en_US`);
      expect(await followsCookie()).toBeUndefined();
      await page.locator('.follow-button').click();
      expect(await followsCookie()).toBe('1');

      // No intent: the medal table loads its script once painted and marks the followed row.
      await page.goto(`${e2e.base}/medal/ranking?lang=en_US`);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 20_000 });
      await page.locator('.medal-table tr.row-followed').waitFor();

      await openHydrated(page, `${e2e.base}/delegation/${DELEGATION}/schedule?lang=en_US`);
      await page.locator('.follow-button').click();
      expect(await page.locator('.follow-button').getAttribute('aria-pressed')).toBe('false');
      expect(await followsCookie()).toBeUndefined();
      // Read, not touched: nothing to mark, so nothing is loaded, and local storage is not read.
      await page.addInitScript(() => {
        const counted = window as unknown as { storageReads: number };
        counted.storageReads = 0;
        const getItem = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          counted.storageReads += 1;
          return getItem.call(this, key);
        };
      });
      await page.goto(`${e2e.base}/medal/ranking?lang=en_US`, { waitUntil: 'load' });
      await page.waitForTimeout(1000);
      expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
      expect(await page.locator('script[type="module"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { storageReads: number }).storageReads)).toBe(0);
    });
  });

  it('the boot script reads the follows cookie after the first frame, not in the task that parses the page', async () => {
    await withPage(390, async (page) => {
      // Each read of document.cookie, marked by whether a script was running synchronously then.
      await page.addInitScript(() => {
        const seen = window as unknown as { cookieReads: string[] };
        seen.cookieReads = [];
        const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
        Object.defineProperty(Document.prototype, 'cookie', {
          configurable: true,
          get(this: Document) {
            seen.cookieReads.push(this.currentScript ? 'while parsed' : 'in a later task');
            return cookie.get!.call(this);
          },
          set(this: Document, value: string) {
            cookie.set!.call(this, value);
          },
        });
      });
      await page.goto(`${e2e.base}/schedule/total?lang=en_US`, { waitUntil: 'load' });
      const reads = () => page.evaluate(() => (window as unknown as { cookieReads: string[] }).cookieReads);
      await page.waitForFunction(() => (window as unknown as { cookieReads: string[] }).cookieReads.length > 0);
      expect(await reads()).toEqual(['in a later task']);
      // The intent listeners are there from the parse on: a key wakes the page.
      await untilHydrated(page);
    });
  });

  it('a set kept before the follows cookie existed gets it once a page has read the set', async () => {
    await withPage(390, async (page, context) => {
      await page.goto(`${e2e.base}/v.json`);
      await page.evaluate(() => localStorage.setItem('podium-follow', '{"delegations":["GDG"],"athletes":[]}'));
      await openHydrated(page, `${e2e.base}/medal/ranking?lang=en_US`);
      await page.locator('.medal-table tr.row-followed').waitFor();
      expect((await context.cookies()).find((cookie) => cookie.name === 'podium-follows')?.value).toBe('1');
    });
  });

  it('corrupt storage reads as nothing followed, and no page breaks', async () => {
    await withPage(390, async (page) => {
      await page.goto(`${e2e.base}/v.json`);
      await page.evaluate(() => localStorage.setItem('podium-follow', '{not json'));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openHydrated(page, `${e2e.base}/follow?lang=en_US`);
      expect(await page.locator('.follow-page .empty').textContent()).toMatch(/You follow no delegation/);
      await openHydrated(page, `${e2e.base}/medal/ranking?lang=en_US`);
      expect(await page.locator('tr.row-followed').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
