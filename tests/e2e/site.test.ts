/**
 * End-to-end: the built site against the real service, in Debian's Chromium (playwright-core with
 * executablePath /usr/bin/chromium; `.ci/run` installs it). No browser download, no mock.
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let service: Service;
let server: Server;
let browser: Browser;
let base: string;

const unit = (code: string, start: string, name: [string, string], medal = false) =>
  `<Unit Code="${code}" ScheduleStatus="SCHEDULED" StartDate="${start}" Order="1"${medal ? ' Medal="1"' : ''} Venue="GOA"><ItemName Language="CHI" Value="${name[0]}"/><ItemName Language="ENG" Value="${name[1]}"/></Unit>`;

beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
  service = await memoryService();
  const schedule = `<OdfBody DocumentType="DT_SCHEDULE" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="1"><Competition>${unit('SWMM100MFR------------FNL-000100--', '2025-11-10T19:30:00+08:00', ['男子100米自由泳 决赛', "Men's 100m Freestyle Final"], true)}</Competition></OdfBody>`;
  const medals = `<OdfBody DocumentType="DT_MEDALLISTS" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="1"><Competition><Event Code="${'SWMM100MFR'.padEnd(34, '-')}"><Medal Type="ME_GOLD"><Competitor Code="1" Organisation="GDG"/></Medal></Event></Competition></OdfBody>`;
  for (const m of [schedule, medals]) expect(service.ingestor.ingest(Buffer.from(m), 'e2e').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: join(ROOT, 'dist'), version: 'e2e' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

describe('the site in Chromium', () => {
  it.each([
    [1280, 900],
    [390, 844],
  ])('renders the schedule and the medal table at %i px, hydrating without warnings', async (width, height) => {
    const page = await browser.newPage({ viewport: { width, height } });
    const problems: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${base}/schedule/total`, { waitUntil: 'networkidle' });
    await expect(page.locator('h1').textContent()).resolves.toBe('赛程');
    await expect(page.getByText('男子100米自由泳 决赛').isVisible()).resolves.toBe(true);
    // Navigation after hydration is client-side: a marker set on the window survives it.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('link', { name: '奖牌榜' }).click();
    await page.waitForURL('**/medal/ranking');
    await page.waitForSelector('text=广东');
    expect(await page.locator('h1').textContent()).toBe('奖牌榜');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reads the schedule and the medal table with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/schedule/total`);
    await expect(page.getByText('男子100米自由泳 决赛').isVisible()).resolves.toBe(true);
    await page.goto(`${base}/medal/ranking`);
    await expect(page.getByText('广东').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('switches language with the floating control; a drag moves it without opening it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/medal/ranking`, { waitUntil: 'networkidle' });
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
    // The choice is remembered on the next page.
    await page.goto(`${base}/schedule/total`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('页面未找到');
    await page.close();
  });
});
