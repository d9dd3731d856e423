import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openEvents, type EventReader, type ReadEvent } from '../live/eventReader';
import { freePort, startDeployNginx, type TestNginx } from '../support/nginx';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';

/**
 * Issue 47 item 2: behind deploy/nginx.conf the live subscribers are nginx's own. Debian's nginx
 * with Nchan runs the configuration as it is (paths and ports set) in front of the service, which
 * publishes each change to Nchan's loopback publisher (PODIUM_LIVE_PUBLISH_URL). A subscriber at
 * /live through nginx gets the event of a result posted to the service while the service sees no
 * /live request and holds no stream; a hostile channel list is refused by nginx; a subscriber that
 * reconnects with Last-Event-ID gets what it missed. Each wait is for a condition, with a deadline.
 */
const TOKEN = 'edge-live-token';
const CHANNEL = `DT_RESULT.${UNIT}`;
/** A second channel in the same subscription: a page reads several documents. */
const SUBSCRIPTION = `c=${CHANNEL},MEDAL_TALLY.ALL`;

let service: Service;
let origin: PodiumServer;
let nginx: TestNginx & { livePublishUrl: string };
/** Requests that reached the service, by path and query as sent. */
const reached: string[] = [];
const readers: EventReader[] = [];

beforeAll(async () => {
  service = await memoryService();
  // The service is told where Nchan's publisher will listen; nginx is told where the service does.
  const livePort = await freePort();
  origin = createPodiumServer(service, {
    config: {
      ...readConfig({
        PODIUM_ADMIN_TOKEN: TOKEN,
        PODIUM_LIVE_PUBLISH_URL: `http://127.0.0.1:${livePort}/_live/pub/`,
      }),
      dataDir: '/nonexistent-podium-data',
    },
    distDir: '/nonexistent-podium-dist',
    version: 'test',
  });
  origin.on('request', (req: { url?: string }) => reached.push(req.url ?? ''));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  nginx = await startDeployNginx((origin.address() as AddressInfo).port, undefined, livePort);
  await post(unitSchedule());
  await post(unitResult('48.10', '1'));
  // Published (the channel exists once the first version reached Nchan): a later subscriber, which
  // would get it as news, starts after it.
  await until(async () => {
    const res = await fetch(`${nginx.livePublishUrl}${CHANNEL}`);
    await res.arrayBuffer();
    return res.status === 200;
  }, 'the first version');
}, 60_000);

afterAll(async () => {
  readers.forEach((reader) => reader.close());
  // The service's publisher may still be sending the deriver's last documents when nginx stops:
  // that it says the edge is gone is right, and no concern of these tests.
  const error = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!/^podium: live: the edge did not take a change/.test(String(args[0]))) error(...args);
  });
  await new Promise((resolve) => origin?.close(resolve));
  await nginx?.stop();
  service?.close();
});

/** A message posted to the service as a venue relay posts it (not through nginx: the feed's own path). */
async function post(message: Buffer): Promise<void> {
  const port = (origin.address() as AddressInfo).port;
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/odf`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
    body: new Uint8Array(message),
  });
  expect(res.status, await res.text()).toBe(201);
}

/**
 * A subscriber through nginx, once Nchan counts it on the unit's channel: an event published from
 * then on reaches it (the stream's headers alone may come before every channel of it is joined).
 */
async function subscribe(headers: Record<string, string> = {}): Promise<EventReader> {
  const before = await subscribers();
  const reader = await openEvents(`http://127.0.0.1:${nginx.port}/live?${SUBSCRIPTION}`, headers);
  readers.push(reader);
  expect(reader.status).toBe(200);
  await until(async () => (await subscribers()) > before, 'Nchan counting the new subscriber');
  return reader;
}

/** The subscribers Nchan counts on the unit's channel (its publisher's GET; 404 before it exists). */
async function subscribers(): Promise<number> {
  const res = await fetch(`${nginx.livePublishUrl}${CHANNEL}`, { headers: { Accept: 'text/json' } });
  if (res.status === 404) return 0;
  return (JSON.parse(await res.text()) as { subscribers: number }).subscribers;
}

async function until(ok: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The next event of the unit's channel (a posted result may change other documents too). */
async function nextOfUnit(reader: EventReader): Promise<ReadEvent> {
  for (;;) {
    const [event] = await reader.next(1);
    if (event!.data.type === 'DT_RESULT' && event!.data.code === UNIT) return event!;
  }
}

/** GET with the query exactly as given (fetch would escape some of its characters). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: nginx.port, path, headers: { Accept: 'text/event-stream', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('live updates through deploy/nginx.conf (Nchan)', () => {
  it("sends a subscriber the posted result's new version from nginx itself, the service holding no stream", async () => {
    const events = await subscribe();
    const streams = await Promise.all(Array.from({ length: 4 }, () => subscribe()));
    await post(unitResult('47.90', '2'));
    const event = await nextOfUnit(events);
    // The service's event as it published it (a small document's body travels in it too).
    expect(event.data).toMatchObject({
      type: 'DT_RESULT',
      code: UNIT,
      version: 2,
      etag: service.store.etag('DT_RESULT', UNIT),
    });
    // Nchan's message id (`<time>:<tags>`), not the service's sequence number: nginx sent it.
    expect(event.id).toMatch(/^\d+:/);
    for (const stream of streams) expect((await nextOfUnit(stream)).data.version).toBe(2);
    // Five streams open and an event delivered: none reached the service.
    expect(reached.filter((url) => url.startsWith('/live'))).toEqual([]);
    expect(origin.live.size).toBe(0);
  });

  it('sends versions in order, each once, up to the latest', async () => {
    const events = await subscribe();
    for (const version of [3, 4, 5]) await post(unitResult(`47.${90 - version}`, String(version)));
    // Writes within one look of the store come as the latest alone (the page needs no other).
    const versions = [];
    while (versions.at(-1) !== 5) versions.push((await nextOfUnit(events)).data.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    // The next version is the next event: nothing was sent twice in between.
    await post(unitResult('47.80', '6'));
    expect((await nextOfUnit(events)).data.version).toBe(6);
  });

  it('refuses a hostile or mistyped channel list at nginx with 400, as the service would', async () => {
    const tooMany = Array.from({ length: 65 }, (_, i) => `DT_RESULT.U${i}`).join(',');
    for (const query of [
      '',
      'c=',
      'c=../../etc/passwd',
      'c=DT_RESULT.%3Cscript%3E',
      `c=${CHANNEL},nope`,
      `c=${CHANNEL}%2CMEDAL_TALLY.ALL`,
      `c=${CHANNEL},`,
      'c=dt_result.X',
      `c=DT_RESULT.${'x'.repeat(81)}`,
      `c=${tooMany}`,
    ]) {
      const answer = await rawGet(`/live?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatch(/<TYPE>\.<code>/);
    }
    // 64 of the longest names are taken (Nchan's own limit is past them).
    const longest = Array.from({ length: 64 }, (_, i) => `${'T'.repeat(40)}.${String(i).padStart(80, 'c')}`);
    const many = await openEvents(`http://127.0.0.1:${nginx.port}/live?c=${longest.join(',')}`);
    readers.push(many);
    expect(many.status).toBe(200);
    // Another site's page may subscribe too, without credentials (issue 49: src/server/api/cors.ts).
    const elsewhere = await openEvents(`http://127.0.0.1:${nginx.port}/live?${SUBSCRIPTION}`, {
      Origin: 'https://elsewhere.example',
    });
    readers.push(elsewhere);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBe('*');
    expect(elsewhere.headers.get('access-control-allow-credentials')).toBeNull();
    expect(reached.filter((url) => url.startsWith('/live'))).toEqual([]);
  });

  it('publishes only from loopback, on its own listener: the public port forwards a publish to the service', async () => {
    const events = await subscribe();
    const forged = await fetch(`http://127.0.0.1:${nginx.port}/_live/pub/${CHANNEL}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'DT_RESULT', code: UNIT, version: 999, etag: '"forged"' }),
    });
    await forged.arrayBuffer();
    expect([201, 202]).not.toContain(forged.status);
    // The next event is the next real version, not the forged one.
    await post(unitResult('47.10', '7'));
    expect((await nextOfUnit(events)).data.version).toBe(7);
  });

  it('resumes a subscriber that reconnects with Last-Event-ID with the version it missed', async () => {
    const away = await subscribe();
    const stays = await subscribe();
    await post(unitResult('47.00', '8'));
    const seen = await nextOfUnit(away);
    expect(seen.data.version).toBe(8);
    expect((await nextOfUnit(stays)).data.version).toBe(8);
    const counted = await subscribers();
    away.close();
    // Nchan has let it go (a count that still held it would hide the next subscriber's).
    await until(async () => (await subscribers()) < counted, 'Nchan dropping the closed subscriber');
    await post(unitResult('46.90', '9'));
    // Nchan has it: a subscriber that stayed got it.
    expect((await nextOfUnit(stays)).data.version).toBe(9);
    const back = await subscribe({ 'Last-Event-ID': seen.id });
    const missed = await nextOfUnit(back);
    expect(missed.data.version).toBe(9);
    // A new page (no Last-Event-ID) gets no past version: its first is the next one.
    const fresh = await subscribe();
    await post(unitResult('46.80', '10'));
    expect((await nextOfUnit(fresh)).data.version).toBe(10);
    expect((await nextOfUnit(back)).data.version).toBe(10);
    expect(reached.filter((url) => url.startsWith('/live'))).toEqual([]);
  });

  it('answers the readers an event woke, asking by its version at once, with one request to the origin', async () => {
    await post(unitResult('46.70', '11'));
    const path = `/api/crs/odf/json/DT_RESULT/${UNIT}?v=11`;
    const before = reached.filter((url) => url === path).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${nginx.port}${path}`).then(async (res) => ({
          status: res.status,
          version: ((await res.json()) as { Version?: string }).Version,
        })),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.version === '11')).toBe(true);
    expect(reached.filter((url) => url === path).length - before).toBe(1);
    // A parameter that is not a version is no way around the published file and the cache's key.
    const junk = await fetch(`http://127.0.0.1:${nginx.port}/api/crs/odf/json/DT_RESULT/${UNIT}?v=x`);
    expect(junk.status).toBe(200);
    await junk.arrayBuffer();
  });
});
