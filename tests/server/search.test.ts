import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { normalise, QUERY_MAX } from '../../src/server/search';
import type { Service } from '../../src/server/service';
import { memoryService } from './helpers';

/** Issue 16, item 5: the search API over the code tables (athletes: tests/e2e/search.test.ts). */
let service: Service;
let server: PodiumServer;
let base: string;
beforeAll(async () => {
  service = await memoryService();
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const search = async (q: string, lang = 'en_US') => {
  const response = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}&lang=${lang}`);
  expect(response.headers.get('cache-control')).toMatch(/^public, max-age=60/);
  return (await response.json()) as {
    query: string;
    hits: { kind: string; code: string; name: string; href: string }[];
  };
};

describe('search', () => {
  it('normalises case, spaces and Traditional characters', () => {
    expect(normalise(' Guang Dong ')).toBe('guangdong');
    expect(normalise('廣東')).toBe('广东');
    expect(normalise("O'Neil-Smith")).toBe('oneilsmith');
  });

  it('ranks a name that is the query before one that starts with it, before one that contains it', async () => {
    const { hits } = await search('swimming');
    expect(hits[0]).toMatchObject({ kind: 'sport', name: 'Swimming' });
    expect(hits).toContainEqual({ kind: 'sport', code: 'SWM', name: 'Swimming', href: '/discipline/SWM/schedule' });
    expect(hits.map((hit) => hit.code)).toEqual(expect.arrayContaining(['SWA', 'OWS']));
    // 0: the name is the query, 1: starts with it, 2: contains it; never a later class first.
    const classes = hits.map(({ name }) => {
      const text = name.toLowerCase();
      return text === 'swimming' ? 0 : text.startsWith('swimming') ? 1 : 2;
    });
    expect(classes).toEqual([...classes].sort());
  });

  it('answers in the asked language, by pinyin initials too', async () => {
    const { hits } = await search('gd', 'zh_HK');
    expect(hits[0]).toMatchObject({ kind: 'delegation', code: 'GDG', name: '廣東' });
  });

  it('answers nothing for an empty query, and looks at most at the first characters of a long one', async () => {
    expect((await search('   ')).hits).toEqual([]);
    const long = await search(`guangdong${'x'.repeat(200)}`);
    expect(long.query).toHaveLength(QUERY_MAX);
    expect(long.hits).toEqual([]);
    expect((await search('__proto__')).hits).toEqual([]);
  });
});
