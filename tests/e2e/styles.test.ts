/**
 * Issue 27, item 4: a page's head carries only its share of the stylesheet (app/pageStyles.ts). Drawn
 * with that share, every kind of page looks exactly as with the whole stylesheet, at a phone's width
 * and a desktop's; the whole stylesheet is linked when the page wakes, before it hydrates. And every
 * text and form control is drawn in a font family the stylesheets name, never the browser's default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { siteAndBrowserFor, untilHydrated } from '../support/e2e';

const e2e = siteAndBrowserFor();

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

/** A font-family list as one comparable string: no quotes, no spaces after commas. */
const familyList = (value: string) =>
  value
    .replace(/["']/g, '')
    .replace(/\s*,\s*/g, ',')
    .trim();

/** Every font-family list the site's stylesheets declare. */
const DECLARED_FAMILIES = new Set(
  ['src/web/styles.css', 'src/web/widgets/widgets.css'].flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/font-family:\s*([^;}]+)/g)].map((m) => familyList(m[1]!)),
  ),
);

describe('the fonts a page draws with', () => {
  // A family the site does not name is the browser's default (Arial for form controls): a font of its
  // own to find in the first layout, and on this machine one without the page's CJK characters.
  it('are only those the stylesheets name: every text and form control of each kind of page', async () => {
    expect(DECLARED_FAMILIES.size).toBeGreaterThan(0);
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const undeclared: string[] = [];
      for (const path of [...PAGES, '/schedule/daily?lang=zh_HK', '/search?q=%E5%BC%A0']) {
        const response = await page.goto(`${e2e.base}${path}`, { waitUntil: 'load' });
        expect(response?.status(), path).toBe(200);
        const drawn = await page.evaluate(() => {
          const elements = [...document.body.querySelectorAll('*')].filter(
            (element) =>
              element.matches('button, input, select, textarea') ||
              [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()),
          );
          return elements
            .filter((element) => !element.closest('script, style, template'))
            .map((element) => ({ tag: element.outerHTML.slice(0, 80), family: getComputedStyle(element).fontFamily }));
        });
        expect(drawn.length, path).toBeGreaterThan(20);
        for (const { tag, family } of drawn)
          if (!DECLARED_FAMILIES.has(familyList(family))) undeclared.push(`${path}: ${family}: ${tag}`);
      }
      expect(undeclared).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('the inline share of the stylesheet', () => {
  for (const width of [390, 1280]) {
    it(`draws each kind of page as the whole stylesheet does, ${width} px wide`, async () => {
      // No service worker: one registered by an earlier page would serve the scripts from its
      // cache, past the route that blocks them, and a page could wake mid-comparison.
      const context = await e2e.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        // The page stays as the server sent it: no script wakes it (and links the whole stylesheet).
        await page.route('**/assets/*.js', (route) => route.abort());
        const different: string[] = [];
        for (const path of PAGES) {
          const response = await page.goto(`${e2e.base}${path}`, { waitUntil: 'load' });
          expect(response?.status(), path).toBe(200);
          const pageHeight = () => page.evaluate(() => Math.min(document.documentElement.scrollHeight, 8000));
          await page.setViewportSize({ width, height: await pageHeight() });
          // A long table's later rows come in once their room is in view (src/web/laterRows/): the
          // page is compared with all of them in, and whole in the viewport again.
          await page.waitForFunction(() => document.querySelector('.later-rows-space') === null);
          await page.setViewportSize({ width, height: await pageHeight() });
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
