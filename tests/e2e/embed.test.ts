/**
 * Issue 49 item 4, embeds in Chromium: a page of another origin (a second loopback server) pastes
 * the snippets the medal table's and a live unit's Embed controls give. The frames show the embeds
 * in the languages the snippets name, the page sets each frame's height to the one its embed posts
 * (and again when the frame narrows), the unit's frame shows a result version posted to the
 * service's internal ingest, a link to another page of the site opens in a new tab, and an
 * ordinary page refuses to be framed. The service has a store of its own: this file posts to it.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { DATABASE_FILE } from '../../src/server/store/dataFolderError';
import { EMBED_HEIGHT_MESSAGE } from '../../src/web/embed/marks';
import { EMBED_INITIAL_HEIGHT } from '../../src/web/embed/snippet';
import { demoDataDir } from '../support/demoService';
import { sharedChromium, watchConsole } from '../support/e2e';
import { freePort } from '../support/nginx';
import { siteBuild } from '../support/siteBuild';
import { resultWithHomeScore } from '../support/resultVersion';
import { decodeEntities } from '../support/markupText';

/** A football semifinal of the demo games, under way at the demo's clock (live.test.ts's). */
const UNIT = 'FBLMU20---------------SFNL000100--';
const TOKEN = 'e2e-embed-token';
const SEEN_WITHIN_MS = 10_000;

let dir: string;
let service: Service;
let server: PodiumServer;
/** The site, as its snippets name it (PODIUM_PUBLIC_URL). */
let site: string;
/** The other origin's server and its address. */
let parent: Server;
let parentBase: string;
let context: BrowserContext;

/** The snippet a reader of `path` is given: its Embed control's link, then the offer's box. */
async function snippetOf(path: string): Promise<string> {
  const page = await (await fetch(`${site}${path}`)).text();
  const offer = /<p class="embed-offer"><a href="([^"]+)">/.exec(page)?.[1];
  if (offer === undefined) throw new Error(`${path} has no Embed control`);
  // The reader's language, chosen on the page, is the cookie's on the next.
  const lang = new URL(path, site).searchParams.get('lang')!;
  const html = await (
    await fetch(`${site}${decodeEntities(offer)}`, { headers: { cookie: `podium-lang=${lang}` } })
  ).text();
  const escaped = /<textarea class="embed-snippet"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
  if (escaped === undefined) throw new Error(`${offer} has no snippet`);
  return decodeEntities(escaped);
}

beforeAll(async () => {
  const dist = await siteBuild();
  dir = mkdtempSync(join(tmpdir(), 'podium-embed-'));
  copyFileSync(join(await demoDataDir(), DATABASE_FILE), join(dir, DATABASE_FILE));
  service = await openService({ dataDir: dir, maxMessageBytes: 64 << 20 });
  const port = await freePort();
  site = `http://localhost:${port}`;
  const config = readConfig({ PODIUM_PUBLIC_URL: site, PODIUM_ADMIN_TOKEN: TOKEN });
  server = createPodiumServer(service, { config, distDir: dist, version: 'e2e-embed' });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The other site: the snippets pasted in its page, and a recorder of the messages it receives.
  const embeds = `${await snippetOf('/medal/ranking?lang=zh_HK')}\n${await snippetOf(`/${UNIT}?lang=en_US`)}`;
  const pages: Record<string, string> = {
    '/': `<!doctype html><meta charset="utf-8"><title>News</title><script>window.heights=[];addEventListener("message",function(e){window.heights.push({origin:e.origin,data:e.data})})</script><h1>News</h1>${embeds}`,
    '/plain': `<!doctype html><meta charset="utf-8"><title>News</title><iframe src="${site}/medal/ranking"></iframe>`,
  };
  parent = createServer((req, res) => {
    const body = pages[req.url ?? ''];
    // Its favicon too, which Chromium asks for: a 404 would be a console error of the page.
    res.writeHead(body ? 200 : 204, body ? { 'Content-Type': 'text/html; charset=utf-8' } : {});
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentBase = `http://127.0.0.1:${(parent.address() as AddressInfo).port}`;
  context = await (await sharedChromium()).newContext({ viewport: { width: 1000, height: 800 } });
}, 600_000);

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => parent?.close(resolve));
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The frame whose embed's address matches, scrolled into view (as a reader scrolls to it: Chromium
 * does not render a frame of another site out of view, nor run its animation frames and resize
 * observers), once it is there and awake.
 */
async function embedFrame(page: Page, path: RegExp): Promise<Frame> {
  const deadline = Date.now() + SEEN_WITHIN_MS;
  for (;;) {
    const frame = page.frames().find((f) => path.test(f.url()));
    if (frame) {
      await (await frame.frameElement()).scrollIntoViewIfNeeded();
      await frame.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: SEEN_WITHIN_MS });
      return frame;
    }
    if (Date.now() > deadline) throw new Error(`no frame ${path}: ${page.frames().map((f) => f.url())}`);
    await page.waitForTimeout(50);
  }
}

/** The height the page gave a frame, and the height of the embed inside it. */
async function heights(page: Page, frame: Frame, src: string) {
  const given = await page.evaluate(
    (s) => document.querySelector<HTMLIFrameElement>(`iframe[src*="${s}"]`)!.getBoundingClientRect().height,
    src,
  );
  const content = await frame.evaluate(() => document.querySelector('.embed')!.getBoundingClientRect().bottom);
  return { given, content };
}

describe('embeds framed by another site', () => {
  it('show the medal table and a live unit in the snippets’ languages, each frame as tall as its embed', async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${parentBase}/`);
    const medals = await embedFrame(page, /\/embed\/medals\?lang=zh_HK$/);
    const unit = await embedFrame(page, new RegExp(`/embed/${UNIT}\\?lang=en_US$`));
    expect(await medals.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-HK');
    expect(await unit.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await medals.textContent('h1')).toBe('獎牌榜');
    expect(await medals.$$eval('.medal-table tbody tr', (rows) => rows.length)).toBeGreaterThan(20);
    await unit.waitForSelector('.scoreboard');
    expect(await unit.textContent('.live-status')).toMatch(/Live/);
    // The site's chrome stays out: no header, no floating control, no tabs.
    for (const frame of [medals, unit])
      expect(
        await frame.evaluate(() =>
          ['.site-header', '.floating', '.tabs'].filter((s) => {
            const element = document.querySelector(s);
            return element !== null && getComputedStyle(element).display !== 'none';
          }),
        ),
      ).toEqual([]);
    // Each frame grows from the snippet's height to its embed's, told by a message from the site.
    for (const [frame, src] of [
      [medals, '/embed/medals'],
      [unit, `/embed/${UNIT}`],
    ] as const) {
      await (await frame.frameElement()).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        ([s, initial]) =>
          document.querySelector<HTMLIFrameElement>(`iframe[src*="${s}"]`)!.getBoundingClientRect().height !== initial,
        [src, EMBED_INITIAL_HEIGHT] as const,
        { timeout: SEEN_WITHIN_MS },
      );
      const { given, content } = await heights(page, frame, src);
      expect(Math.abs(given - content), src).toBeLessThanOrEqual(1);
      expect(await frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1), src).toBe(
        true,
      );
    }
    const received = (await page.evaluate(() => (window as unknown as { heights: unknown[] }).heights)) as {
      origin: string;
      data: { type?: string; height?: number };
    }[];
    const told = received.filter((m) => m.data?.type === EMBED_HEIGHT_MESSAGE);
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(new Set(told.map((m) => m.origin))).toEqual(new Set([site]));
    // Narrowed to a phone's column, the table takes its phone layout: the embed tells its new height
    // and the frame follows.
    await (await medals.frameElement()).scrollIntoViewIfNeeded();
    const before = (await heights(page, medals, '/embed/medals')).given;
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[src*="/embed/medals"]')!.style.width = '260px';
    });
    await page.waitForFunction(
      (h) =>
        document.querySelector<HTMLIFrameElement>('iframe[src*="/embed/medals"]')!.getBoundingClientRect().height !== h,
      before,
      { timeout: SEEN_WITHIN_MS },
    );
    const narrowed = await heights(page, medals, '/embed/medals');
    expect(narrowed.given).not.toBe(before);
    expect(Math.abs(narrowed.given - narrowed.content)).toBeLessThanOrEqual(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows a result version posted to the internal ingest inside the frame', async () => {
    const page = await context.newPage();
    await page.goto(`${parentBase}/`);
    const unit = await embedFrame(page, new RegExp(`/embed/${UNIT}`));
    await unit.waitForSelector('.live-status.live-live', { timeout: SEEN_WITHIN_MS });
    // In view, as a reader following it: Chromium holds back the rendering of another site's frame
    // out of view (once the medal table above has taken its height, this one is below the fold),
    // and the test then passed or failed by which came first.
    await (await unit.frameElement()).scrollIntoViewIfNeeded();
    const score = service.store.get('DT_RESULT', UNIT)!.version + 40;
    expect(await unit.textContent('.scoreboard')).not.toContain(String(score));
    const posted = await fetch(`${site}/api/internal/odf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
      body: new Uint8Array(resultWithHomeScore(service, UNIT, score)),
    });
    expect([201, 202], await posted.text()).toContain(posted.status);
    await unit.waitForFunction((s) => document.querySelector('.scoreboard')?.textContent?.includes(String(s)), score, {
      timeout: SEEN_WITHIN_MS,
    });
    // Still the embed, in place, and still as tall as its frame.
    expect(unit.url()).toContain(`/embed/${UNIT}`);
    await page.waitForTimeout(300);
    const { given, content } = await heights(page, unit, `/embed/${UNIT}`);
    expect(Math.abs(given - content)).toBeLessThanOrEqual(1);
    await page.close();
  }, 60_000);

  it("opens the site's other pages in a new tab, not inside the frame", async () => {
    const page = await context.newPage();
    await page.goto(`${parentBase}/`);
    const unit = await embedFrame(page, new RegExp(`/embed/${UNIT}`));
    const opened = context.waitForEvent('page');
    await unit.click('.breadcrumb a');
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/discipline/FBL/schedule');
    expect(unit.url()).toContain(`/embed/${UNIT}`);
    await tab.close();
    await page.close();
  }, 60_000);

  it('an ordinary page refuses to be framed', async () => {
    const page = await context.newPage();
    await page.goto(`${parentBase}/plain`);
    // Chromium shows its error page in the frame instead of the site's.
    await page.waitForFunction(() => document.querySelector('iframe') !== null);
    await page.waitForTimeout(1000);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url()).not.toContain('/medal/ranking');
    expect(await frame?.$('.medal-table')).toBeNull();
    const ordinary = await fetch(`${site}/medal/ranking`);
    expect(ordinary.headers.get('x-frame-options')).toBe('DENY');
    expect(ordinary.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const embed = await fetch(`${site}/embed/medals`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    await page.close();
  }, 60_000);
});
