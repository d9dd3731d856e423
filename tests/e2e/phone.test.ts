/**
 * Issue 16, items 1 and 2: every sport's result tab on a phone (360 and 390 px) and a desktop
 * (1280 px), in the three languages, shows rank, name, delegation and the result without the page or
 * the table scrolling sideways; the other columns are in the row's details; a medal unit's settled
 * result marks its medallists. In Debian's Chromium against the real service with the demo games.
 */
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPORT_CODES } from '../../src/generated/sportCodes';
import { openHydrated, siteAndBrowserFor } from '../support/e2e';

const e2e = siteAndBrowserFor();

/** A result of each sport: an official one with the most rows (its table is the widest test). */
function resultUnit(code: string): string | undefined {
  const row = e2e.site.service.db
    .prepare(
      "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'OFFICIAL' AND code LIKE ? ORDER BY length(body) DESC LIMIT 1",
    )
    .get(`${code}%`) as { code: string } | undefined;
  return row?.code;
}

const LANGUAGES = ['zh_CN', 'zh_HK', 'en_US'] as const;

/** What a phone shows of the result table: overflow, and each visible header's right edge. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const table = document.querySelector('.tab-panel[data-state="active"] .widget-table');
    const headers = table
      ? [...table.querySelectorAll('thead th')]
          .filter((th) => (th as HTMLElement).offsetParent !== null && th.getBoundingClientRect().width > 0)
          .map((th) => ({
            text: th.textContent?.trim() ?? '',
            kind: [...th.classList].find((c) => c.startsWith('cell-kind-')) ?? '',
            right: Math.round(th.getBoundingClientRect().right),
          }))
      : [];
    const scroller = table?.closest('.table-scroll');
    return {
      viewport: window.innerWidth,
      width,
      pageOverflow: document.documentElement.scrollWidth - width,
      tableOverflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      headers,
    };
  });
}

/**
 * Awaits every task, all of them run to the end (a page is not left navigating into the next test),
 * and throws the first failure.
 */
async function allOf(tasks: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((t): t is PromiseRejectedResult => t.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Turns the page to another width, as a reader rotating a phone or widening a window, and waits
 * until the page has it and the browser has drawn a frame at it (its resize handlers and observers
 * have run).
 */
async function resizeTo(page: Page, width: number, height = 800) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

const WIDTHS = [360, 390, 1280] as const;

describe('result tabs on a phone', () => {
  // A page for each language, used side by side (the browser lays out one while the service renders
  // another), each in its own context: a second page of a context is a background tab, whose frames
  // the browser does not draw. Without the service worker: it would answer each page from the
  // network as it is, and keep a copy of it, work that offline.test.ts is about, not the layout.
  let contexts: BrowserContext[] = [];
  let pages: Page[];
  beforeAll(async () => {
    contexts = await Promise.all(
      LANGUAGES.map(() =>
        e2e.browser.newContext({ viewport: { width: WIDTHS[0], height: 800 }, serviceWorkers: 'block' }),
      ),
    );
    pages = await Promise.all(contexts.map((context) => context.newPage()));
  });
  afterAll(() => Promise.all(contexts.map((context) => context.close())));

  it.each(SPORT_CODES.map((code) => [code]))(
    '%s: rank, name, delegation and result are in view at 360, 390 and 1280 px, in three languages',
    async (code) => {
      const unit = resultUnit(code);
      expect(unit, `${code}: the demo games have an official result`).toBeDefined();
      // Each language is loaded at another of the widths (so each width is also a first load) and
      // then turned to the other two: the layout must follow the width, not the width it loaded at.
      await allOf(
        LANGUAGES.map(async (lang, i) => {
          const page = pages[i]!;
          const widths = [...WIDTHS.slice(i), ...WIDTHS.slice(0, i)];
          await page.setViewportSize({ width: widths[0]!, height: 800 });
          await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=${lang}`);
          for (const [turn, width] of widths.entries()) {
            if (turn > 0) await resizeTo(page, width);
            const seen = await measure(page);
            const where = `${code} ${unit} at ${width} px in ${lang}${turn > 0 ? ` (loaded at ${widths[0]} px)` : ''}`;
            expect(seen.viewport, `${where}: the width measured`).toBe(width);
            expect(seen.pageOverflow, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
            expect(seen.tableOverflow, `${where}: the table scrolls sideways`).toBeLessThanOrEqual(1);
            const kinds = seen.headers.map((h) => h.kind);
            for (const kind of ['cell-kind-name', 'cell-kind-organisation'])
              expect(kinds, `${where}: ${kind}`).toContain(kind);
            // The result: a time or score cell, or the layout's result column.
            expect(
              kinds.some((k) => k === 'cell-kind-time' || k === 'cell-kind-score') ||
                (await page.locator('.widget-table thead th.cell-kind-text').count()) > 0,
              `${where}: a result column`,
            ).toBe(true);
            for (const header of seen.headers)
              expect(header.right, `${where}: "${header.text}" ends within the screen`).toBeLessThanOrEqual(seen.width);
          }
        }),
      );
    },
    120_000,
  );

  it('a column that left the row is in its details on a phone, and not on a wide screen, and moves as the screen turns', async () => {
    const unit = resultUnit('SWM')!;
    // One page loaded on a phone and turned wide, one loaded wide and turned to a phone; in each the
    // first row's details are opened once loaded.
    await allOf(
      [
        [360, 1280],
        [1280, 360],
      ].map(async (widths, i) => {
        const page = pages[i]!;
        await page.setViewportSize({ width: widths[0]!, height: 800 });
        await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=en_US`);
        await page.locator('.widget-table tbody .details-toggle').first().click();
        for (const [turn, width] of widths.entries()) {
          if (turn > 0) await resizeTo(page, width);
          const where = `${width} px${turn > 0 ? `, loaded at ${widths[0]} px` : ''}`;
          // Swimming's lane leaves the row below 480 px.
          const toggles = width < 480;
          // The first number heading is the lane's (the detail tables' follow, folded in the HTML).
          const lane = page.locator('.widget-table thead th.cell-kind-number').first();
          expect(await lane.isVisible(), where).toBe(!toggles);
          // Every row's details are in the page (folded); the first row's is the one opened.
          const moved = page.locator('.detail-row').first().locator('.row-moved div', { hasText: 'Lane' });
          expect(await moved.isVisible(), where).toBe(toggles);
        }
      }),
    );
  });

  it("a medal unit's official result marks gold, silver and bronze, in colour and in words", async () => {
    const page = pages[0]!;
    await page.setViewportSize({ width: 390, height: 800 });
    const unit = 'SWMM100MFR------------FNL-000100--';
    await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=en_US`);
    const medals = await page
      .locator('.widget-table .medal-rank')
      .evaluateAll((cells) =>
        cells.map((cell) => [cell.className, cell.textContent, getComputedStyle(cell).backgroundColor]),
      );
    expect(medals).toEqual([
      ['cell-rank medal-rank medal-gold', 'Gold 1', 'rgb(242, 201, 76)'],
      ['cell-rank medal-rank medal-silver', 'Silver 2', 'rgb(213, 219, 225)'],
      ['cell-rank medal-rank medal-bronze', 'Bronze 3', 'rgb(227, 173, 125)'],
    ]);
    // A heat awards nothing: no marks.
    await openHydrated(page, `${e2e.base}/SWMM100MFR------------HEAT000100--?tab=result&lang=en_US`);
    expect(await page.locator('.widget-table .cell-rank').count()).toBeGreaterThan(0);
    expect(await page.locator('.widget-table .medal-rank').count()).toBe(0);
  });

  it('medal colours on the medal table, the finals and the medallists; live units marked where they are listed', async () => {
    const page = pages[0]!;
    await page.setViewportSize({ width: 390, height: 800 });
    const before = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').backgroundColor));
    await openHydrated(page, `${e2e.base}/medal/ranking?lang=en_US`);
    expect(await before('.medal-table thead .medal-head')).toEqual([
      'rgb(242, 201, 76)',
      'rgb(197, 204, 211)',
      'rgb(217, 154, 98)',
    ]);
    await openHydrated(page, `${e2e.base}/final?lang=en_US`);
    expect(await before('thead .medal-head')).toHaveLength(3);
    await openHydrated(page, `${e2e.base}/medal/medalists?lang=en_US`);
    const badges = await page
      .locator('.medal-badge')
      .evaluateAll((cells) =>
        cells.slice(0, 3).map((cell) => [cell.textContent, getComputedStyle(cell).backgroundColor]),
      );
    expect(badges).toEqual([
      ['Gold', 'rgb(242, 201, 76)'],
      ['Silver', 'rgb(213, 219, 225)'],
      ['Bronze', 'rgb(227, 173, 125)'],
    ]);
    // The demo games are on their live day: units under way carry the live dot in the day's schedule.
    await openHydrated(page, `${e2e.base}/schedule/daily?lang=en_US`);
    const live = await before('.status-running');
    expect(live.length).toBeGreaterThan(0);
    expect(new Set(live)).toEqual(new Set(['rgb(179, 38, 30)']));
    expect(await before('.status-finished')).not.toContain('rgb(179, 38, 30)');
  });

  it("a delegation's schedule links its calendar subscription, which a calendar library reads whole", async () => {
    const page = pages[0]!;
    await page.setViewportSize({ width: 390, height: 800 });
    await openHydrated(page, `${e2e.base}/delegation/GDG/schedule?lang=en_US`);
    const link = page.locator('.calendar-link a');
    expect(await link.textContent()).toBe('Add to my calendar (.ics)');
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe('/calendar/delegation/GDG.ics?lang=en_US');
    const response = await page.request.get(`${e2e.base}${href}`);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const dated = e2e.site.service.store
      .json<{ units: { code: string; start?: string }[] }>('SCHEDULE_DELEGATION', 'GDG')!
      .units.filter((unit) => unit.start);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).uid);
    expect(events).toHaveLength(new Set(dated.map((unit) => unit.code)).size);
    expect(new Set(events)).toEqual(new Set(dated.map((unit) => `${unit.code}@podium`)));
  });

  it("the menu button's three bars show in normal and in forced colours (Windows high contrast)", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 740 } });
    try {
      const page = await context.newPage();
      for (const forcedColors of ['none', 'active'] as const) {
        await page.emulateMedia({ forcedColors });
        await page.goto(`${e2e.base}/medal/ranking`);
        const bars = await page.locator('.drawer-button .drawer-icon').evaluate((icon) => {
          const before = getComputedStyle(icon, '::before');
          const button = getComputedStyle(icon.closest('button')!);
          const background = getComputedStyle(document.body).backgroundColor;
          return { bars: before.backgroundColor, shadow: before.boxShadow, button: button.backgroundColor, background };
        });
        // Drawn in a colour, with the two outer bars as shadows, and not in the colour behind them.
        expect(bars.bars, forcedColors).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
        expect(bars.shadow, forcedColors).toMatch(/rem|px/);
        expect(bars.bars, forcedColors).not.toBe(bars.background);
        expect(bars.bars, forcedColors).not.toBe(bars.button);
      }
    } finally {
      await context.close();
    }
  });

  it('no page scrolls sideways on a 360 px phone, in any of the three languages', async () => {
    const paths = [
      '/schedule/total',
      '/schedule/daily',
      '/schedule/delegation',
      '/delegation/list',
      '/delegation/GDG/schedule',
      '/delegation/GDG/entry',
      '/discipline/list',
      '/discipline/SWM/schedule',
      '/competitor/individuals',
      '/final',
      '/record',
      '/report',
      '/medal/ranking',
      '/medal/medalists',
      '/follow',
      '/search?q=guang',
      '/scheduleMobile',
    ];
    const overflowing: string[] = [];
    // The three languages side by side, a page each.
    await allOf(
      LANGUAGES.map(async (lang, i) => {
        const page = pages[i]!;
        await page.setViewportSize({ width: 360, height: 740 });
        for (const path of paths) {
          await openHydrated(page, `${e2e.base}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          const [viewport, overflow] = await page.evaluate(() => [
            window.innerWidth,
            document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ]);
          expect(viewport, `${lang} ${path}: the width measured`).toBe(360);
          if (overflow! > 0) overflowing.push(`${lang} ${path}: ${overflow} px`);
        }
      }),
    );
    expect(overflowing.sort()).toEqual([]);
  }, 180_000);
});
