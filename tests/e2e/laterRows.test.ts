/**
 * A long table's later rows (src/web/laterRows/), on the schedule's grid and the medal table: the
 * first HTML draws a first screen of rows, the boot script moves the rest in from the page's
 * `<noscript>` copy when the reader nears them, React takes the whole table over when the page
 * wakes, and a browser that runs no scripts shows the copy. In Debian's Chromium against the real
 * service with the demo games.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteAndBrowserFor, untilHydrated, watchConsole } from '../support/e2e';

const e2e = siteAndBrowserFor();
const PHONE = { width: 412, height: 823 };

/** The disciplines of the grid's visible body rows, in order (the non-competition row as "non"). */
const gridRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.schedule-grid tbody tr')]
      .filter((tr) => (tr as HTMLElement).offsetParent !== null && !tr.classList.contains('later-rows-space'))
      .map((tr) =>
        tr.classList.contains('schedule-grid-non')
          ? 'non'
          : (tr.querySelector('th a')?.getAttribute('href')?.replace('/discipline/', '') ?? '?'),
      ),
  );

/** The disciplines of the whole grid as the page's `<noscript>` copy holds it. */
const copiedRows = (page: Page) =>
  page.evaluate(() => {
    const copy = document.createElement('template');
    copy.innerHTML = document.querySelector('noscript')?.textContent ?? '';
    return [...copy.content.querySelectorAll('tbody > tr')].map((tr) =>
      tr.classList.contains('schedule-grid-non')
        ? 'non'
        : (tr.querySelector('th a')?.getAttribute('href')?.replace('/discipline/', '') ?? '?'),
    );
  });

const allIn = (page: Page) => page.waitForSelector('.later-rows-space', { state: 'detached' });

describe('the schedule grid past its first screen', () => {
  it('comes in when the reader nears it, in order, without moving what is below it', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // Where the grid's foot is in the first frame (the first rows and the room kept for the rest),
    // and every layout shift of the load.
    await page.addInitScript(() => {
      const seen = window as unknown as { firstFoot?: number; shifts: number[] };
      seen.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      requestAnimationFrame(() => {
        seen.firstFoot = document.querySelector('.schedule-grid tfoot')?.getBoundingClientRect().top;
      });
    });
    await page.goto(`${e2e.base}/schedule/total`);
    const copied = await copiedRows(page);
    expect(copied.length).toBeGreaterThan(40);
    // A reader who stays on the first screen: the page does nothing for the rows below it.
    const firstRows = await gridRows(page);
    expect(firstRows).toEqual(copied.slice(0, firstRows.length));
    expect(firstRows.length).toBeLessThan(16);
    await page.waitForTimeout(500);
    expect(await gridRows(page)).toEqual(firstRows);
    expect(await page.locator('.later-rows-space').count()).toBe(1);
    // Scrolled (by script: a touch or the wheel would wake the page) to the room kept.
    await page.evaluate(() => window.scrollBy(0, 400));
    await allIn(page);
    expect(await gridRows(page)).toEqual(copied);
    const { firstFoot, shifts, foot } = await page.evaluate(() => ({
      ...(window as unknown as { firstFoot: number; shifts: number[] }),
      foot: document.querySelector('.schedule-grid tfoot')!.getBoundingClientRect().top + window.scrollY,
    }));
    // The room kept is the rows' own height to within a row, and nothing in view moved.
    expect(firstFoot).toBeGreaterThan(PHONE.height);
    expect(Math.abs(foot - firstFoot)).toBeLessThan(40);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);

    // Woken, React draws the same grid itself: each discipline once, the copy and the room gone.
    await untilHydrated(page);
    await page.waitForFunction(() => document.querySelector('noscript') === null);
    expect(await gridRows(page)).toEqual(copied);
    expect(await page.locator('[data-later-rows], [data-later-partial]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is drawn once when the page wakes while the rows are still coming in', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${e2e.base}/schedule/total?lang=en_US`, { waitUntil: 'commit' });
    await page.waitForSelector('.schedule-grid tbody tr');
    await page.evaluate(() => window.scrollBy(0, 400));
    await untilHydrated(page);
    await page.waitForFunction(() => document.querySelector('noscript') === null);
    const rows = await gridRows(page);
    expect(rows.length).toBeGreaterThan(40);
    expect(new Set(rows).size).toBe(rows.length);
    // Still drawn once after the boot script's slices would have run.
    await page.waitForTimeout(500);
    expect(await gridRows(page)).toEqual(rows);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is shown whole from the copy by a browser that runs no scripts', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/schedule/total?lang=zh_HK`);
    const rows = await gridRows(page);
    expect(rows.length).toBeGreaterThan(40);
    expect(new Set(rows).size).toBe(rows.length);
    expect(await page.locator('[data-later-partial]').isVisible()).toBe(false);
    await expect(page.getByRole('link', { name: '田徑' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

/** The delegations of the medal table's visible body rows, in order. */
const medalRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.medal-table tbody tr')]
      .filter((tr) => (tr as HTMLElement).offsetParent !== null && !tr.classList.contains('later-rows-space'))
      .map((tr) => tr.querySelector('th a')?.getAttribute('href') ?? '?'),
  );

/** The delegations of the whole medal table as the page's `<noscript>` copy holds it. */
const copiedMedalRows = (page: Page) =>
  page.evaluate(() => {
    const copy = document.createElement('template');
    copy.innerHTML = document.querySelector('noscript')?.textContent ?? '';
    return [...copy.content.querySelectorAll('tbody > tr')].map(
      (tr) => tr.querySelector('th a')?.getAttribute('href') ?? '?',
    );
  });

describe('the medal table past its first screen', () => {
  it('draws a first screen of delegations and the rest as the reader nears them, the totals row kept in place', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const seen = window as unknown as { firstFoot?: number };
      requestAnimationFrame(() => {
        seen.firstFoot = document.querySelector('.medal-table tfoot')?.getBoundingClientRect().top;
      });
    });
    await page.goto(`${e2e.base}/medal/ranking?sort=total`);
    const copied = await copiedMedalRows(page);
    expect(copied.length).toBeGreaterThan(30);
    const firstRows = await medalRows(page);
    expect(firstRows).toEqual(copied.slice(0, firstRows.length));
    expect(firstRows.length).toBeLessThan(copied.length);
    // The room for the rest starts below the first screen: nothing comes in for a reader who stays.
    const room = await page.locator('.later-rows-space').boundingBox();
    expect(room!.y).toBeGreaterThan(PHONE.height);
    await page.waitForTimeout(500);
    expect(await medalRows(page)).toEqual(firstRows);
    await page.evaluate(() => window.scrollBy(0, 300));
    await allIn(page);
    expect(await medalRows(page)).toEqual(copied);
    const { firstFoot, foot } = await page.evaluate(() => ({
      firstFoot: (window as unknown as { firstFoot: number }).firstFoot,
      foot: document.querySelector('.medal-table tfoot')!.getBoundingClientRect().top + window.scrollY,
    }));
    expect(Math.abs(foot - firstFoot)).toBeLessThan(40);
    // Woken, React's table is the same, each delegation once, in the order asked for.
    await untilHydrated(page);
    await page.waitForFunction(() => document.querySelector('noscript') === null);
    expect(await medalRows(page)).toEqual(copied);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is shown whole from the copy by a browser that runs no scripts', async () => {
    const context = await e2e.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/medal/ranking?lang=en_US`);
    const rows = await medalRows(page);
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows).size).toBe(rows.length);
    expect(await page.locator('[data-later-partial]').isVisible()).toBe(false);
    await expect(page.locator('.medal-table:not([data-later-partial]) tfoot').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
