import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/server/config';
import type { Change } from '../../src/server/live/changes';
import { NchanPublisher } from '../../src/server/live/nchanPublisher';

const change = (seq: number, code: string, version: number): Change => ({
  seq,
  event: { type: 'DT_RESULT', code, version, etag: `"e${version}"` },
});

afterEach(() => vi.restoreAllMocks());

describe('the Nchan publisher', () => {
  it('POSTs each change to its channel, in order, as the JSON its subscribers read', async () => {
    const posted: { url: string; body: string }[] = [];
    const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      // The first answer is slow: the second change must still be sent after it.
      if (posted.length === 0) await new Promise((resolve) => setTimeout(resolve, 30));
      posted.push({ url: String(url), body: String(init?.body) });
      return new Response('', { status: 202 });
    });
    const publisher = new NchanPublisher('http://127.0.0.1:9/_live/pub/', fetcher as typeof fetch);
    publisher.publish([change(7, 'A', 2)]);
    publisher.publish([change(8, 'B', 1), change(9, 'A', 3)]);
    await publisher.flushed();
    expect(posted.map((p) => p.url)).toEqual([
      'http://127.0.0.1:9/_live/pub/DT_RESULT.A',
      'http://127.0.0.1:9/_live/pub/DT_RESULT.B',
      'http://127.0.0.1:9/_live/pub/DT_RESULT.A',
    ]);
    expect(JSON.parse(posted[2]!.body)).toEqual({ type: 'DT_RESULT', code: 'A', version: 3, etag: '"e3"' });
    expect(publisher.counts).toEqual({ sent: 3, failed: 0 });
  });

  it('says an outage once and its end once, and goes on with the next change', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    const fetcher = vi.fn(async () => {
      if (!up) throw new Error('connect ECONNREFUSED');
      return new Response('', { status: 201 });
    });
    const publisher = new NchanPublisher('http://127.0.0.1:9/_live/pub/', fetcher as unknown as typeof fetch);
    publisher.publish([change(1, 'A', 1), change(2, 'A', 2), change(3, 'A', 3)]);
    await publisher.flushed();
    up = true;
    publisher.publish([change(4, 'A', 4)]);
    await publisher.flushed();
    expect(publisher.counts).toEqual({ sent: 1, failed: 3 });
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/did not take a change .*ECONNREFUSED/),
      expect.stringMatching(/takes changes again/),
    ]);
  });

  it('is configured by PODIUM_LIVE_PUBLISH_URL, an http(s) URL ending in /', () => {
    expect(readConfig({}).livePublishUrl).toBeUndefined();
    expect(readConfig({ PODIUM_LIVE_PUBLISH_URL: 'http://127.0.0.1:8081/_live/pub/' }).livePublishUrl).toBe(
      'http://127.0.0.1:8081/_live/pub/',
    );
    for (const bad of ['ftp://x/', 'http://x/pub', 'not a url', 'http://x/pub/?a=1'])
      expect(() => readConfig({ PODIUM_LIVE_PUBLISH_URL: bad }), bad).toThrow(/PODIUM_LIVE_PUBLISH_URL must be/);
  });
});
