/**
 * End-to-end: the built site against the real service with the demo games, in Debian's Chromium
 * (playwright-core with executablePath /usr/bin/chromium; `.ci/run` installs it). No browser
 * download, no mock. Every route of spec section 2 at desktop and phone widths, redirects, 404, the
 * floating control, reading without JavaScript, hydration without warnings, and axe-core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { Service } from '../../src/server/service';
import { PUBLIC_TEST_HOST, siteAndBrowserFor, untilHydrated } from '../support/e2e';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const e2e = siteAndBrowserFor();
let service: Service;
let browser: Browser;
let base: string;
/** Codes of the demo games the routes below open. */
const demo = { delegation: 'GDG', discipline: 'SWM', competitor: '', date: '' };

beforeAll(() => {
  ({ browser, base } = e2e);
  service = e2e.site.service;
  const participants = service.store.json<{ athletes: { code?: string }[] }>('PARTICIPANTS', demo.delegation);
  demo.competitor = participants?.athletes.find((a) => a.code)?.code ?? '';
  const days = service.store.json<{ days: { date: string; medalUnits: number }[] }>('SCHEDULE', 'ALL');
  demo.date = days?.days.find((d) => d.medalUnits > 0)?.date ?? '';
  expect(demo.competitor).not.toBe('');
  expect(demo.date).not.toBe('');
});

/**
 * Opens a page and waits until React has hydrated it (`<html data-hydrated>`). Not `networkidle`:
 * the API's stale-while-revalidate lets Chromium revalidate in the background, and those requests
 * keep the network from ever looking idle.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path.startsWith('http') ? path : `${base}${path}`);
  await untilHydrated(page);
  return response;
}

/** Console errors and warnings (React's hydration warnings among them) and uncaught errors of a page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/**
 * Every page route of spec section 2 (unit pages are the next issue's): where it is opened, and
 * what must be visible there once it has rendered. `shell: false` pages have no header or footer.
 */
const ROUTES: { path: () => string; visible: string; shell?: false; desktopOnly?: true }[] = [
  { path: () => '/schedule/total', visible: 'main table' },
  { path: () => `/schedule/daily?date=${demo.date}`, visible: 'main a[href^="/SWM"], main a[href^="/ATH"]' },
  { path: () => `/schedule/delegation?org=${demo.delegation}`, visible: 'main table, main li' },
  { path: () => '/schedule/non', visible: 'main table, main li' },
  { path: () => '/scheduleMobile', visible: 'main a[href^="/"]', shell: false },
  { path: () => '/delegation/list', visible: `main a[href^="/delegation/${demo.delegation}"]` },
  ...['profile', 'schedule', 'entry', 'competitor', 'medalists'].map((tab) => ({
    path: () => `/delegation/${demo.delegation}/${tab}`,
    visible: '[role="tabpanel"] :is(table, li, dl, p)',
  })),
  { path: () => '/discipline/list', visible: `main a[href^="/discipline/${demo.discipline}"]` },
  ...['profile', 'schedule', 'entry', 'ranking', 'medallist', 'record', 'history', 'report'].map((tab) => ({
    path: () => `/discipline/${demo.discipline}/${tab}`,
    visible: '[role="tabpanel"] :is(table, li, dl, p)',
  })),
  { path: () => '/competitor/individuals', visible: 'main a[href^="/competitor/"]' },
  { path: () => '/competitor/teams', visible: 'main a[href^="/competitor/"]' },
  { path: () => `/competitor/${demo.competitor}`, visible: 'main h1' },
  { path: () => '/final', visible: 'main table, main li' },
  { path: () => '/record', visible: 'main table' },
  { path: () => '/report', visible: 'main a[href$=".pdf"]' },
  { path: () => '/resultBook', visible: 'main a[href$=".pdf"]', desktopOnly: true },
  { path: () => '/medal/ranking', visible: 'main tfoot' },
  { path: () => '/medal/medalists', visible: 'main table' },
  { path: () => '/developers', visible: 'main pre' },
  { path: () => '/internal/medal', visible: 'main table', shell: false },
  { path: () => '/internal/medal/import', visible: 'main form', shell: false },
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('every route on a %s', (_, viewport) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport });
  });
  afterAll(() => context.close());

  it.each(ROUTES.map((route) => [route.path.toString().replace(/^\(\) => /, ''), route] as const))(
    '%s renders its content, hydrated without warnings',
    async (_, route) => {
      const page = await context.newPage();
      try {
        const problems = watch(page);
        const response = await open(page, route.path());
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
        await expect(page.locator(route.visible).first().isVisible(), route.visible).resolves.toBe(true);
        expect(await page.locator('.route-error').count()).toBe(0);
        expect(await page.locator('.site-header').count()).toBe(route.shell === false ? 0 : 1);
        expect(await page.locator('.site-footer').count()).toBe(route.shell === false ? 0 : 1);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('the shell in Chromium', () => {
  it('runs its own boot script by hash and blocks an injected inline script (no nonce to borrow)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const response = await open(page, '/schedule/total');
    // Hydrated: the boot script, allowed by its hash alone, ran.
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    const blocked = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violation: string }>((resolve) => {
          let violation = '';
          document.addEventListener('securitypolicyviolation', (e) => (violation = e.violatedDirective));
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true';
          document.body.appendChild(script);
          setTimeout(
            () => resolve({ ran: (window as unknown as { __injected?: boolean }).__injected === true, violation }),
            200,
          );
        }),
    );
    expect(blocked.ran).toBe(false);
    expect(blocked.violation).toMatch(/^script-src/);
    await page.close();
  });

  it("loads its script on the reader's first intent: none while a page is read, a tap before it is given after, the offline worker either way", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const problems = watch(page);
    await page.goto(`${base}/medal/ranking`);
    await page.goto(`${base}/no/such/page`, { waitUntil: 'load' });
    // Read, not touched: the page is whole HTML; no module script asked for, nothing hydrated.
    await page.waitForTimeout(1500);
    expect(await page.locator('main h1').textContent()).toBe('页面未找到');
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    expect(await page.getAttribute('html', 'data-hydrated')).toBeNull();
    // The service worker is registered without waking the page (offline copies need no intent).
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    // A tap on a button only the script serves: held, the page wakes, and the tap is given again.
    await page.getByRole('button', { name: '返回上一页' }).click();
    await page.waitForURL('**/medal/ranking');
    // The not-found page's own status is the only resource error.
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await page.close();
  });

  it('wakes by itself where the page changes while read: a unit being played', async () => {
    const live = service.db
      .prepare("SELECT code FROM documents WHERE type = 'DT_RESULT' AND status != 'OFFICIAL' ORDER BY code LIMIT 1")
      .get() as { code: string } | undefined;
    expect(live).toBeDefined();
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${base}/${live!.code}`);
    // No intent: the live note marks the page, and it hydrates to refresh itself.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 20_000 });
    await page.close();
  });

  it('navigates client-side after hydration and highlights the current section', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watch(page);
    await open(page, '/schedule/total');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('.desktop-nav').getByRole('link', { name: '奖牌榜' }).click();
    await page.waitForURL('**/medal/ranking');
    // The old page stays until the new one's loader has its data.
    await page.locator('h1', { hasText: '奖牌榜' }).waitFor();
    await page.waitForSelector('main tfoot');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.locator('.desktop-nav a.active').textContent()).toBe('奖牌榜');
    expect(await page.locator('.desktop-nav a[href="/resultBook"]').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the developers’ page from the footer in the app, drawn from /api/openapi.json as the server drew it', async () => {
    const served = await (await fetch(`${base}/developers?lang=en_US`)).text();
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watch(page);
    await open(page, '/medal/ranking?lang=en_US');
    const description = page.waitForResponse((answer) => answer.url().endsWith('/api/openapi.json'));
    await page.locator('.site-footer').getByRole('link', { name: 'Developers' }).click();
    await page.waitForURL('**/developers');
    expect((await description).status()).toBe(200);
    await page.locator('h1', { hasText: 'Open data for developers' }).waitFor();
    expect(await page.locator('.dev-summary').count()).toBe(served.match(/class="dev-summary"/g)?.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows the plain links of the schedule grid and of a result table in the app; a modified click stays with the browser', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watch(page);
    await open(page, '/schedule/total');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const marker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);
    // A day of swimming in the grid (a plain link, not a Link).
    await page.locator('.schedule-grid th[scope="row"] a[href="/discipline/SWM"]').waitFor();
    const cell = page
      .locator('.schedule-grid tr', { has: page.locator('a[href="/discipline/SWM"]') })
      .locator('td a')
      .first();
    const href = await cell.getAttribute('href');
    expect(href).toMatch(/^\/schedule\/daily\?date=[\d-]+&discipline=SWM$/);
    await cell.click();
    await page.waitForURL(`**${href!}`);
    await page.locator('main .schedule-daily, main h1').first().waitFor();
    expect(await marker()).toBe(42);
    // A name in a result table: the competitor's page, still without reloading.
    await page.locator(`main a[href^="/SWM"]`).first().click();
    await page.locator('.widget-table a.cell-name').first().waitFor();
    const name = page.locator('.widget-table a.cell-name').first();
    const competitor = await name.getAttribute('href');
    await name.click();
    await page.waitForURL(`**${competitor!}`);
    expect(await marker()).toBe(42);
    // Ctrl-click opens a new tab (the browser's behaviour): this page stays where it is.
    await page.goBack();
    await page.locator('.widget-table a.cell-name').first().waitFor();
    const before = page.url();
    const opened = page.context().waitForEvent('page');
    await page
      .locator('.widget-table a.cell-name')
      .first()
      .click({ modifiers: ['Control'] });
    await (await opened).close();
    expect(page.url()).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens a report's preview in place from the list; the link itself is the PDF", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watch(page);
    await open(page, '/report?type=C73');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const preview = page.locator('main td.report-actions a:not([download])').first();
    const file = await preview.getAttribute('href');
    // Without scripts, in a new tab and for the export's crawl, the link is the report itself.
    expect(file).toMatch(/^\/reports\/[A-Z0-9-]{34}\/C73\.pdf$/);
    await preview.click();
    await page.waitForURL(/[?&]preview=/);
    await page.locator(`dialog[open] iframe.report-preview-frame[src="${file}"]`).waitFor();
    // In place: the same document, the list still there behind the panel.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.locator('main table.report-table tbody tr').count()).toBe(100);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the drawer on a phone, with the entries and the calendar, and hides the result book', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await open(page, `/medal/ranking`);
    expect(await page.locator('.desktop-nav').isVisible()).toBe(false);
    await page.locator('.drawer-button').click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    expect(await drawer.getByRole('link', { name: '代表团' }).isVisible()).toBe(true);
    expect(await drawer.locator('a[href="/resultBook"]').isVisible()).toBe(false);
    expect(await drawer.locator(`a[href="/schedule/daily?date=${demo.date}"]`).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer.isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('redirects / by device, and sections to their first child', async () => {
    const desktop = await browser.newPage({ viewport: DESKTOP });
    await desktop.goto(`${base}/`);
    expect(new URL(desktop.url()).pathname).toBe('/schedule/total');
    for (const [from, to] of [
      ['/schedule', '/schedule/total'],
      ['/delegation', '/delegation/list'],
      ['/discipline', '/discipline/list'],
      ['/competitor', '/competitor/individuals'],
      ['/medal', '/medal/ranking'],
      [`/delegation/${demo.delegation}`, `/delegation/${demo.delegation}/schedule`],
      [`/discipline/${demo.discipline}`, `/discipline/${demo.discipline}/schedule`],
    ]) {
      await desktop.goto(`${base}${from}`);
      expect(new URL(desktop.url()).pathname, from).toBe(to);
    }
    await desktop.close();
    const phone = await browser.newContext({
      viewport: PHONE,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
    });
    const page = await phone.newPage();
    await page.goto(`${base}/`);
    expect(new URL(page.url()).pathname).toBe('/scheduleMobile');
    await phone.close();
    // A narrow window of a desktop browser is sent to the phone schedule too (width under 960).
    const narrow = await browser.newPage({ viewport: { width: 800, height: 900 } });
    // The home cookie wakes the page by itself: no intent is needed for the phone schedule.
    await narrow.goto(`${base}/`);
    await narrow.waitForURL('**/scheduleMobile');
    await narrow.close();
  });

  it('reads the schedule, the medal table, a delegation and a discipline with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/schedule/daily?date=${demo.date}`);
    expect(await page.locator('main a[href^="/"]').count()).toBeGreaterThan(5);
    await page.goto(`${base}/medal/ranking`);
    // The whole table from the page's <noscript> (laterRows/; Playwright's text search skips a
    // noscript's content, so the row is found by its link), its partial copy hidden.
    const guangdong = page.locator('main a[href="/delegation/GDG/medalists"]').filter({ visible: true });
    await expect(guangdong.textContent()).resolves.toBe('广东');
    await page.goto(`${base}/delegation/${demo.delegation}/profile`);
    await expect(page.locator('h1').textContent()).resolves.toContain('广东');
    await page.goto(`${base}/discipline/${demo.discipline}/schedule`);
    await expect(page.locator('h1').textContent()).resolves.toContain('游泳');
    expect(await page.locator('[role="tabpanel"] a[href^="/SWM"]').count()).toBeGreaterThan(3);
    await context.close();
  });

  it('switches language with the floating control; a drag moves it without opening it', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await open(page, `/medal/ranking`);
    const handle = page.locator('.floating-handle');
    const start = (await handle.boundingBox())!;
    await page.mouse.move(start.x + 24, start.y + 24);
    await page.mouse.down();
    await page.mouse.move(start.x - 80, start.y - 200, { steps: 6 });
    await page.mouse.up();
    const moved = (await handle.boundingBox())!;
    expect(moved.y).toBeLessThan(start.y - 150);
    expect(await page.locator('.floating-menu').count()).toBe(0);
    await handle.click();
    await page.locator('.floating-menu a[lang="en-US"]').click();
    await page.waitForURL('**/medal/ranking?lang=en_US');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await expect(page.locator('h1').textContent()).resolves.toBe('Medal Table');
    await expect(page.getByText('Guangdong').first().isVisible()).resolves.toBe(true);
    // The choice is remembered on the next page.
    await page.goto(`${base}/schedule/total`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.locator('.floating-handle').click();
    await page.locator('.floating-menu a[lang="zh-Hant-HK"]').click();
    await page.waitForURL('**/schedule/total?lang=zh_HK');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hant-HK');
    await expect(page.locator('h1').textContent()).resolves.toBe('賽程');
    await context.close();
  });

  it('shows the header language switch on localhost only', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const port = new URL(base).port;
    await open(page, `http://${PUBLIC_TEST_HOST}:${port}/medal/ranking`);
    await expect(page.locator('h1').textContent()).resolves.toBe('奖牌榜');
    expect(await page.locator('.site-header .languages').count()).toBe(0);
    await open(page, `http://localhost:${port}/medal/ranking`);
    await page.locator('.site-header .languages a[lang="en-US"]').click();
    await page.waitForURL('**/medal/ranking?lang=en_US');
    await expect(page.locator('h1').textContent()).resolves.toBe('Medal Table');
    await page.close();
  });

  it('shows the 404 page for an unknown path, with its two ways out', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/medal/ranking`);
    const response = await open(page, `/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('页面未找到');
    expect(await page.locator('main a[href="/schedule/total"]').count()).toBe(1);
    await page.getByRole('button', { name: '返回上一页' }).click();
    await page.waitForURL('**/medal/ranking');
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  it.each(ROUTES.map((route) => [route.path.toString().replace(/^\(\) => /, ''), route] as const))(
    '%s has no serious or critical violation',
    async (_, route) => {
      // The page's CSP would refuse the injected axe script; the audit bypasses it, the site does not.
      const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
      const page = await context.newPage();
      await open(page, `${route.path()}`);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                c: Document,
                options?: { resultTypes: string[] },
              ) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
            };
          }
        ).axe;
        // Violations only: collecting the passes and the incomplete checks is most of axe's time.
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
      });
      expect(violations).toEqual([]);
      await context.close();
    },
  );
});
