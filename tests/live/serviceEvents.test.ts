import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService, UNIT, unitResult, unitSchedule } from '../server/helpers';
import { openEvents, type EventReader, type ReadEvent } from './eventReader';

const CHANNEL = `DT_RESULT.${UNIT}`;

let service: Service;
let server: PodiumServer;
let base: string;
beforeAll(async () => {
  service = await memoryService();
  service.ingestor.ingest(unitSchedule(), 'test');
  service.ingestor.ingest(unitResult('48.10', '1'), 'test');
  const config = { ...readConfig({}), dataDir: '/nonexistent-podium-data' };
  server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const readers: EventReader[] = [];
const subscribe = async (query: string, headers: Record<string, string> = {}) => {
  const reader = await openEvents(`${base}/live?${query}`, headers);
  readers.push(reader);
  return reader;
};
afterAll(() => readers.forEach((r) => r.close()));

describe("the service's live channels (GET /live)", () => {
  it('opens a text/event-stream that tells the browser how soon to reconnect', async () => {
    const events = await subscribe(`c=${CHANNEL}`);
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(events.headers.get('cache-control')).toBe('no-store');
    expect(await events.text(/retry: \d+/)).toMatch(/retry: 1000/);
  });

  it("starts with each document's current version, so a page rendered before a change catches up", async () => {
    const events = await subscribe(`c=${CHANNEL},DT_SCHEDULE.${'SWM'.padEnd(34, '-')},DT_RESULT.NONE`);
    const [a, b] = await events.next(2);
    expect(new Set([a!.data.type, b!.data.type])).toEqual(new Set(['DT_RESULT', 'DT_SCHEDULE']));
    const result = [a, b].find((e) => e!.data.type === 'DT_RESULT')!;
    expect(result.data.etag).toBe(service.store.etag('DT_RESULT', UNIT));
    expect(events.received()).toEqual([]);
  });

  it('refuses a hostile or unknown channel name with a 400 that says what a channel is', async () => {
    for (const query of ['c=../../etc', 'c=DT_RESULT.<x>', '', `c=${CHANNEL},x`]) {
      const res = await fetch(`${base}/live?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/<TYPE>\.<code>/);
    }
  });

  it("sends each new version of a subscribed document, never an older one after a newer, and nothing of others'", async () => {
    const events = await subscribe(`c=${CHANNEL}`);
    const other = await subscribe('c=DT_RESULT.OTHER');
    await events.next(1); // its current version
    service.ingestor.ingest(unitResult('47.90', '2'), 'test');
    service.ingestor.ingest(unitResult('47.95', '1'), 'test'); // older: ignored, no event
    service.ingestor.ingest(unitResult('47.80', '3'), 'test');
    // Writes within one look of the store come as the latest alone (the page needs no other).
    const seen: ReadEvent[] = [];
    while (seen.at(-1)?.data.version !== 3) seen.push(...(await events.next(1)));
    const versions = seen.map((e) => e.data.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(versions.length);
    expect(seen[0]!.data).toMatchObject({ type: 'DT_RESULT', code: UNIT });
    expect(seen.at(-1)!.data.etag).toBe(service.store.etag('DT_RESULT', UNIT));
    // A small document travels in its event: the page need not fetch it.
    expect(service.store.get('DT_RESULT', UNIT)!.body.length).toBeLessThan(2048);
    expect(seen.at(-1)!.data.body).toEqual(service.store.json('DT_RESULT', UNIT));
    const ids = seen.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    // The other subscriber heard nothing of this unit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.received()).toEqual([]);
  });

  it('resumes from Last-Event-ID: the versions written while the page was away come first', async () => {
    const first = await subscribe(`c=${CHANNEL}`);
    await first.next(1); // its current version
    service.ingestor.ingest(unitResult('47.70', '4'), 'test');
    const [seen] = await first.next(1);
    expect(seen!.data.version).toBe(4);
    first.close();
    service.ingestor.ingest(unitResult('47.60', '5'), 'test');
    const again = await subscribe(`c=${CHANNEL}`, { 'Last-Event-ID': seen!.id });
    const [missed] = await again.next(1);
    expect(missed!.data.version).toBe(5);
    expect(Number(missed!.id)).toBeGreaterThan(Number(seen!.id));
  });

  it('ends its streams when the server closes, so browsers reconnect to the next', async () => {
    const events = await subscribe(`c=${CHANNEL}`);
    const before = server.live.size;
    expect(before).toBeGreaterThan(0);
    server.live.close();
    await events.ended;
    expect(server.live.size).toBeLessThan(before);
    server.live.start();
  });
});
