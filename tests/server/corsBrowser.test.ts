/**
 * Issue 49 item 3, in a browser: a page of another site (another origin on loopback) reads the
 * public API with Debian's Chromium, from the service itself and through deploy/nginx.conf (a
 * document nginx sends as a published file, live updates from Nchan). A conditional `fetch` with
 * `If-None-Match` gets its preflight allowed and a readable 304, the ETag readable on the 200; an
 * EventSource gets its events; an internal route refuses: the browser gives the script nothing, and
 * a write never reaches the service (its preflight allows nothing).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { launchChromium } from '../support/e2e';
import { freePort, startDeployNginx, type TestNginx } from '../support/nginx';
import { http } from '../support/openapi';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';

const TOKEN = 'cors-browser-token-0123456789';
const DOCUMENT = `/api/crs/odf/json/DT_RESULT/${UNIT}`;
const CHANNEL = `DT_RESULT.${UNIT}`;

let service: Service;
let origin: PodiumServer;
let nginx: TestNginx & { livePublishUrl: string };
let otherSite: Server;
let browser: Browser;
let page: Page;
let published: string;
/** What reached the service: method and URL. */
const reached: string[] = [];
let direct: string;
let livePort: number;
let edge: string;

beforeAll(async () => {
  service = await memoryService();
  for (const message of [unitSchedule(), unitResult('48.10', '1')])
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  published = mkdtempSync(join(tmpdir(), 'podium-cors-published-'));
  livePort = await freePort();
  const config = readConfig({
    PODIUM_ADMIN_TOKEN: TOKEN,
    PODIUM_PUBLISH_DIR: published,
    PODIUM_LIVE_PUBLISH_URL: `http://127.0.0.1:${livePort}/_live/pub/`,
  });
  origin = createPodiumServer(service, {
    config: { ...config, dataDir: '/nonexistent-podium-data' },
    distDir: '/nonexistent-podium-dist',
    version: 'cors',
  });
  origin.on('request', (req: { method?: string; url?: string }) => reached.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  direct = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  nginx = await startDeployNginx((origin.address() as AddressInfo).port, published, livePort);
  edge = `http://127.0.0.1:${nginx.port}`;
  // Another site: a page of its own origin, whose scripts ask the API.
  otherSite = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another site</title><p>another site</p>');
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(otherSite.address() as AddressInfo).port}/`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  const closed = new Promise((resolve) => origin?.close(resolve));
  origin?.closeAllConnections();
  await closed;
  await new Promise((resolve) => otherSite?.close(resolve));
  service?.close();
  rmSync(published, { recursive: true, force: true });
});

/** The page's script: a read, then a conditional read with the ETag it could read. */
const conditionalRead = (url: string) =>
  page.evaluate(async (url) => {
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    const body = (await first.json()) as { Version?: string };
    const again = await fetch(url, { headers: { 'If-None-Match': etag ?? '' } });
    return {
      status: first.status,
      etag,
      version: body.Version,
      again: again.status,
      againEtag: again.headers.get('etag'),
    };
  }, url);

/** Whether the page's script could read the answer at all (a CORS refusal is a TypeError). */
const readable = (url: string, init: RequestInit = {}) =>
  page.evaluate(
    async ({ url, init }) => {
      try {
        return `read ${(await fetch(url, init)).status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    },
    { url, init },
  );

/** The first event an EventSource of the page gets, once `then` has run with the stream open. */
async function firstEvent(url: string, then: () => Promise<void>): Promise<{ type: string; version: number }> {
  await page.evaluate((url) => {
    const state = window as unknown as { events: string[]; opened: boolean; source: EventSource };
    state.events = [];
    state.opened = false;
    state.source = new EventSource(url);
    state.source.onopen = () => (state.opened = true);
    state.source.onmessage = (event) => state.events.push(event.data as string);
  }, url);
  await page.waitForFunction(() => (window as unknown as { opened: boolean }).opened, undefined, { timeout: 10_000 });
  await then();
  await page.waitForFunction(() => (window as unknown as { events: string[] }).events.length > 0, undefined, {
    timeout: 10_000,
  });
  return page.evaluate(() => {
    const state = window as unknown as { events: string[]; source: EventSource };
    state.source.close();
    return JSON.parse(state.events[0]!) as { type: string; version: number };
  });
}

async function until(ok: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('another site reads the service', () => {
  it('revalidates a document with If-None-Match: the preflight allowed, a 304 it can read, the ETag readable', async () => {
    const before = reached.length;
    const read = await conditionalRead(`${direct}${DOCUMENT}`);
    expect(read).toEqual({
      status: 200,
      etag: service.store.etag('DT_RESULT', UNIT),
      version: '1',
      again: 304,
      againEtag: service.store.etag('DT_RESULT', UNIT),
    });
    // The conditional read was preflighted (If-None-Match is not a simple header), and allowed.
    expect(reached.slice(before)).toContain(`OPTIONS ${DOCUMENT}`);
  });

  it('reads an error answer, the description and a search', async () => {
    expect(await readable(`${direct}/api/crs/odf/json/DT_RESULT/nope`)).toBe('read 400');
    expect(await readable(`${direct}/api/openapi.json`)).toBe('read 200');
    expect(await readable(`${direct}/api/search?q=x`)).toBe('read 200');
  });

  it('follows a document live with an EventSource', async () => {
    const event = await firstEvent(`${direct}/live?c=${CHANNEL}`, async () => undefined);
    expect(event).toMatchObject({ type: 'DT_RESULT', version: 1 });
  });

  it('is refused an internal route: nothing to read, and a write never reaches the service', async () => {
    expect(await readable(`${direct}/api/internal/coverage`)).toBe('refused: TypeError');
    const before = reached.length;
    const write = await readable(`${direct}/api/internal/odf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
      body: '<OdfBody/>',
    });
    expect(write).toBe('refused: TypeError');
    expect(reached.slice(before)).toEqual(['OPTIONS /api/internal/odf']);
  });
});

describe('another site reads through deploy/nginx.conf', () => {
  it('revalidates a document nginx sends as a published file: its preflight answered by nginx', async () => {
    // A reader of the public site gets it once through the cache; the service publishes it.
    await until(async () => (await http(edge, DOCUMENT)).headers['x-cache-status'] === 'FILE', 'the file');
    const before = reached.length;
    const read = await conditionalRead(`${edge}${DOCUMENT}`);
    expect(read.status).toBe(200);
    expect(read.version).toBe('1');
    expect(read.etag).toMatch(/^"/);
    expect(read.again).toBe(304);
    expect(read.againEtag).toBe(read.etag);
    // nginx answered all of it, the preflight too.
    expect(reached.slice(before)).toEqual([]);
  });

  it('follows a document live with an EventSource held by Nchan', async () => {
    const event = await firstEvent(`${edge}/live?c=${CHANNEL}`, async () => {
      await until(async () => {
        const state = await http(`http://127.0.0.1:${livePort}`, `/_live/pub/${CHANNEL}`, { Accept: 'text/json' });
        return state.status === 200 && (JSON.parse(state.body.toString()) as { subscribers: number }).subscribers > 0;
      }, 'Nchan counting the subscriber');
      expect(service.ingestor.ingest(unitResult('47.90', '2'), 'test').outcome).toBe('stored');
    });
    expect(event).toMatchObject({ type: 'DT_RESULT', version: 2 });
  });

  it('is refused an internal route', async () => {
    expect(await readable(`${edge}/api/internal/coverage`)).toBe('refused: TypeError');
  });
});
