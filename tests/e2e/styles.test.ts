/**
 * Issue 27, item 4: a page's head carries only its share of the stylesheet (app/pageStyles.ts). Drawn
 * with that share, every kind of page looks exactly as with the whole stylesheet, at a phone's width
 * and a desktop's; the whole stylesheet is linked when the page wakes, before it hydrates.
 */
import { describe, expect, it } from 'vitest';
import { siteAndBrowserFor, untilHydrated } from '../support/e2e';

const e2e = siteAndBrowserFor('e2e-styles');

const MARATHON = 'ATMMMARATHON----------FNL-000100--';
const BASKETBALL = 'BKBMTEAM5-------------BRNZ000100--';
const PAGES = [
  '/schedule/total',
  '/scheduleMobile',
  '/medal/ranking',
  `/${MARATHON}`,
  `/${BASKETBALL}?tab=statistics`,
  '/discipline/BKB/bracket',
  '/discipline/ATH/schedule',
  '/delegation/list',
  '/record?lang=en_US',
  '/report',
];

describe('the inline share of the stylesheet', () => {
  for (const width of [390, 1280]) {
    it(`draws each kind of page as the whole stylesheet does, ${width} px wide`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        // The page stays as the server sent it: no script wakes it (and links the whole stylesheet).
        await page.route('**/assets/*.js', (route) => route.abort());
        const different: string[] = [];
        for (const path of PAGES) {
          const response = await page.goto(`${e2e.base}${path}`, { waitUntil: 'load' });
          expect(response?.status(), path).toBe(200);
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width, height: Math.min(height, 8000) });
          const own = await page.screenshot({ animations: 'disabled' });
          const { inline, whole } = await page.evaluate(async () => {
            const href = document.querySelector('script[data-styles]')!.getAttribute('data-styles')!;
            const text = await (await fetch(href)).text();
            await new Promise((resolve) => {
              const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: resolve });
              document.head.append(link);
            });
            return { inline: document.querySelectorAll('style')[1]!.textContent!.length, whole: text.length };
          });
          // Not the whole stylesheet again, else the comparison below would prove nothing.
          expect(inline, path).toBeLessThan(whole * 0.6);
          if (!own.equals(await page.screenshot({ animations: 'disabled' }))) different.push(path);
          await page.setViewportSize({ width, height: 900 });
        }
        expect(different).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }

  it('styles the saved copy’s banner, and is followed by the whole stylesheet when the page wakes, before it hydrates', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${e2e.base}/medal/ranking`);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      // The banner the service worker puts in a saved copy is styled before the copy wakes.
      expect(await page.evaluate(() => document.querySelectorAll('style')[1]!.textContent)).toContain(
        '.offline-banner{',
      );
      await page.evaluate(() => {
        new MutationObserver(() => {
          if (document.documentElement.hasAttribute('data-hydrated'))
            document.documentElement.dataset.linkedWhenHydrated = String(
              [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/') && sheet.cssRules.length > 0),
            );
        }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
      });
      await untilHydrated(page);
      expect(await page.getAttribute('html', 'data-linked-when-hydrated')).toBe('true');
    } finally {
      await page.close();
    }
  });
});
