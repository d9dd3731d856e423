/**
 * The main flows with the keyboard alone, in Debian's Chromium against the real service: change the
 * language, open a unit from the schedule, switch its tabs, and read the medal table.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, untilHydrated, startSite, type RunningSite } from '../support/e2e';

let site: RunningSite;
let browser: Browser;
let base: string;

beforeAll(async () => {
  site = await startSite('e2e-keyboard');
  // Not localhost: the header has no language switch there, so the floating control is the way.
  base = `http://results.test:${site.port}`;
  browser = await launchChromium(['--host-resolver-rules=MAP results.test 127.0.0.1']);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await untilHydrated(page);
}

/** Presses Tab until the focused element matches `selector` (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 200): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('with the keyboard alone', () => {
  it('changes the language with the floating control', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await open(page, '/schedule/total');
      await tabTo(page, '.floating-handle');
      await page.keyboard.press('Enter');
      await tabTo(page, '.floating-menu a[lang="en-US"]', 10);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.documentElement.lang === 'en-US');
      expect(await page.locator('.desktop-nav a[href="/schedule"]').textContent()).toBe('Schedule');
    } finally {
      await page.close();
    }
  });

  it('opens a unit from the schedule and switches its tabs with the arrow keys', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await open(page, '/discipline/SWM/schedule');
      await tabTo(page, 'main a[href^="/SWM"]');
      const unit = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${unit}`);
      await page.locator('.unit-page h1').waitFor();
      await tabTo(page, '.tabs a.active');
      const first = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      await page.keyboard.press('ArrowRight');
      const next = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      expect(next).not.toBe(first);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${next}`);
      await page.locator(`.tabs a.active[href="${next}"]`).waitFor();
      await page.locator('.tab-panel[data-state="active"] :is(.widget-table, .report-table, .empty)').first().waitFor();
    } finally {
      await page.close();
    }
  });

  it('reaches the medal table and sorts it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await open(page, '/schedule/total');
      await tabTo(page, '.desktop-nav a[href="/medal"]');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/medal/ranking');
      await page.locator('main tfoot').waitFor();
      const rows = await page.locator('main tbody tr').count();
      expect(rows).toBeGreaterThan(5);
      // The sort is a control like any other: reached with Tab, used with Enter.
      await tabTo(page, 'main a.sort-link', 120);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/medal/ranking?sort=*');
      await page.locator('main th[aria-sort="descending"]').waitFor();
    } finally {
      await page.close();
    }
  });
});
