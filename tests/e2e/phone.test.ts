/**
 * Issue 16, items 1 and 2: every sport's result tab on a phone (360 and 390 px) and a desktop
 * (1280 px), in the three languages, shows rank, name, delegation and the result without the page or
 * the table scrolling sideways; the other columns are in the row's details; a medal unit's settled
 * result marks its medallists. In Debian's Chromium against the real service with the demo games.
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SPORT_CODES } from '../../src/generated/sportCodes';
import { openHydrated, siteAndBrowserFor } from '../support/e2e';

const e2e = siteAndBrowserFor('e2e-phone');

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
      width,
      pageOverflow: document.documentElement.scrollWidth - width,
      tableOverflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      headers,
    };
  });
}

describe('result tabs on a phone', () => {
  it.each(SPORT_CODES.map((code) => [code]))(
    '%s: rank, name, delegation and result are in view at 360, 390 and 1280 px, in three languages',
    async (code) => {
      const unit = resultUnit(code);
      expect(unit, `${code}: the demo games have an official result`).toBeDefined();
      for (const width of [360, 390, 1280]) {
        const languages = LANGUAGES;
        const context = await e2e.browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        try {
          for (const lang of languages) {
            await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=${lang}`);
            const seen = await measure(page);
            const where = `${code} ${unit} at ${width} px in ${lang}`;
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
        } finally {
          await context.close();
        }
      }
    },
    120_000,
  );

  it('a column that left the row is in its details on a phone, and not on a wide screen', async () => {
    const unit = resultUnit('SWM')!;
    for (const [width, toggles] of [
      [360, true],
      [1280, false],
    ] as const) {
      const context = await e2e.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      try {
        await openHydrated(page, `${e2e.base}/${unit}?tab=result&lang=en_US`);
        // Swimming's lane leaves the row below 480 px.
        // The first number heading is the lane's (the detail tables' follow, folded in the HTML).
        expect(await page.locator('.widget-table thead th.cell-kind-number').first().isVisible()).toBe(!toggles);
        await page.locator('.widget-table tbody .details-toggle').first().click();
        // Every row's details are in the page (folded); the first row's is the one opened.
        const moved = page.locator('.detail-row').first().locator('.row-moved div', { hasText: 'Lane' });
        expect(await moved.isVisible()).toBe(toggles);
      } finally {
        await context.close();
      }
    }
  });

  it("a medal unit's official result marks gold, silver and bronze, in colour and in words", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
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
    } finally {
      await context.close();
    }
  });

  it('medal colours on the medal table, the finals and the medallists; live units marked where they are listed', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const before = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').backgroundColor));
    try {
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
    } finally {
      await context.close();
    }
  });

  it("a delegation's schedule links its calendar subscription, which a calendar library reads whole", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
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
    } finally {
      await context.close();
    }
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
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      const overflowing: string[] = [];
      for (const lang of LANGUAGES) {
        for (const path of paths) {
          await openHydrated(page, `${e2e.base}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          if (overflow > 0) overflowing.push(`${lang} ${path}: ${overflow} px`);
        }
      }
      expect(overflowing).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
