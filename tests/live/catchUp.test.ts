import { describe, expect, it, vi } from 'vitest';
import { changedSince } from '../../src/web/live/catchUp';

describe("a page's catch-up when its stream opens", () => {
  it('asks each document with its copy’s ETag and takes only those that changed', async () => {
    const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const sent = new Headers(init?.headers).get('If-None-Match');
      expect(init?.cache).toBe('no-store');
      if (String(url).endsWith('/DT_RESULT/U1')) return new Response(null, { status: 304, headers: { ETag: sent! } });
      return new Response(JSON.stringify({ units: [1] }), { status: 200, headers: { ETag: '"new"' } });
    });
    const loaded = new Map([
      ['DT_RESULT.U1', '"same"'],
      ['SCHEDULE_DAY.2025-11-17', '"old"'],
      ['COMMON_CODE.discipline', '"c"'],
    ]);
    const found = await changedSince(
      [...loaded.keys(), 'MEDAL_TALLY.ALL'],
      (channel) => loaded.get(channel),
      fetcher as typeof fetch,
    );
    expect(found).toEqual([{ channel: 'SCHEDULE_DAY.2025-11-17', etag: '"new"', body: { units: [1] } }]);
    // Not asked: a code table (a path of its own), a document the page holds no copy of.
    expect(fetcher.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/crs/odf/json/DT_RESULT/U1',
      '/api/crs/odf/json/SCHEDULE_DAY/2025-11-17',
    ]);
  });

  it('takes a failed question as nothing changed (the next event or poll says it again)', async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await changedSince(['DT_RESULT.U1'], () => '"x"', fetcher as unknown as typeof fetch)).toEqual([]);
  });
});
