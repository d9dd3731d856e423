/**
 * End-to-end under faults, in Debian's Chromium against the real service: the API failing in each
 * way a network or a service can (500, malformed JSON, JSON that fails its schema, an answer slower
 * than 15 s) and local storage that is corrupt, full or refused. The page says what went wrong in
 * the affected place, keeps its navigation, and recovers when the API does.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedChromium, untilHydrated, startSite, type RunningSite } from '../support/e2e';

const MEDAL_TALLY = '**/api/crs/odf/json/MEDAL_TALLY/**';

let site: RunningSite;
let browser: Browser;
let base: string;

beforeAll(async () => {
  site = await startSite('e2e-faults');
  base = `http://127.0.0.1:${site.port}`;
  browser = await sharedChromium();
}, 600_000);

afterAll(async () => {
  await site?.close();
});

/**
 * Pages whose requests the tests spoil on their way out (`page.route`), which Playwright sees only
 * without a service worker in between (the worker hands a failed answer on as it came: offline.test).
 */
const spoilable = () => browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });

async function schedulePage(): Promise<Page> {
  const page = await spoilable();
  page.on('pageerror', (e) => {
    throw e;
  });
  await page.goto(`${base}/schedule/total`);
  await untilHydrated(page);
  return page;
}

/** Goes to the medal ranking by the header's link (a client-side navigation: its loader asks the API). */
async function toMedals(page: Page): Promise<void> {
  await page.locator('.desktop-nav a[href="/medal"]').click();
  await page.waitForURL('**/medal/ranking');
}

describe('the API failing', () => {
  it.each([
    ['a 500', (route: Route) => route.fulfill({ status: 500, body: 'boom' }), 'Request failed with status code 500'],
    [
      'malformed JSON',
      (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"rows": [' }),
      'not valid JSON',
    ],
    [
      'JSON that fails its schema',
      (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"rows": "none"}' }),
      'malformed',
    ],
  ])('%s: the page says so in its place, keeps its navigation, and recovers', async (_, fault, message) => {
    const page = await schedulePage();
    try {
      await page.route(MEDAL_TALLY, fault);
      await toMedals(page);
      const alert = page.locator('main [role="alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(message);
      expect(await page.locator('.desktop-nav a[href="/schedule"]').isVisible()).toBe(true);
      // The API is back: the same navigation shows the data.
      await page.unroute(MEDAL_TALLY);
      await page.locator('.desktop-nav a[href="/schedule"]').click();
      await page.waitForURL('**/schedule/total');
      await toMedals(page);
      await page.locator('main tfoot').waitFor();
      expect(await page.locator('main [role="alert"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('an answer slower than 15 s: the spec timeout message', async () => {
    const page = await schedulePage();
    try {
      await page.route(MEDAL_TALLY, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 16_500));
        await route.fulfill({ status: 200, body: '{}' }).catch(() => undefined);
      });
      await toMedals(page);
      const alert = page.locator('main [role="alert"]');
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.textContent()).toContain('timeout of 15000ms exceeded');
      expect(await page.locator('.desktop-nav').isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  }, 40_000);
});

describe('local storage that cannot be trusted', () => {
  it.each([
    ['corrupt', () => window.localStorage.setItem('podium-reference', '{"version": 1, "tables": [oops')],
    [
      'full',
      () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
    ],
    [
      'refused',
      () => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
      },
    ],
  ])('%s: the site starts, hydrates and navigates', async (_, spoil) => {
    const page = await spoilable();
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    try {
      await page.addInitScript(spoil);
      await page.goto(`${base}/schedule/total`);
      await untilHydrated(page);
      await toMedals(page);
      await page.locator('main tfoot').waitFor();
      expect(uncaught).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
