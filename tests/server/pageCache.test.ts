import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { PageCache, type CachedPage } from '../../src/server/http/pageCache';
import { Site, type SiteOptions } from '../../src/server/http/site';
import type { Service } from '../../src/server/service';
import { memoryService } from './helpers';

/** A small games over the real server on loopback: two swimming units, a medal event, a diving unit. */
let service: Service;
let server: PodiumServer;
let base: string;
const FINAL = 'SWMM100MFR------------FNL-000100--';
const DIVE = 'DIVW3MSPRINGBOARD-----FNL-000100--';
const unit = (code: string, start: string, status: string, name: string, medal = false) =>
  `<Unit Code="${code}" ScheduleStatus="${status}" StartDate="${start}" Order="1"${medal ? ' Medal="1"' : ''} Venue="GOA"><ItemName Language="CHI" Value="${name}"/><ItemName Language="ENG" Value="${name}"/></Unit>`;
const schedule = (discipline: string, units: string) =>
  `<OdfBody DocumentType="DT_SCHEDULE" DocumentCode="${discipline.padEnd(34, '-')}" Version="1"><Competition>${units}</Competition></OdfBody>`;
const result = (code: string, version: number, mark: string) =>
  `<OdfBody DocumentType="DT_RESULT" DocumentCode="${code}" Version="${version}" ResultStatus="LIVE"><Competition><Result Rank="1" Result="${mark}" SortOrder="1"><Competitor Code="1001" Type="A" Organisation="GDG"><Composition><Athlete Code="1001" Order="1"><Description GivenName="Wei" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result></Competition></OdfBody>`;
const ingest = (xml: string) => expect(service.ingestor.ingest(Buffer.from(xml), 'test').outcome).toBe('stored');

beforeAll(async () => {
  service = await memoryService();
  ingest(schedule('SWM', unit(FINAL, '2025-11-10T19:30:00+08:00', 'RUNNING', '男子100米自由泳 决赛', true)));
  ingest(schedule('DIV', unit(DIVE, '2025-11-11T19:30:00+08:00', 'SCHEDULED', '女子3米跳板 决赛', true)));
  ingest(result(FINAL, 1, '48.10'));
  ingest(result(DIVE, 1, '350.10'));
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const etagOf = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  await res.text();
  return res.headers.get('etag')!;
};

/**
 * The pages' ETags once current: asked, the renders a change started awaited, asked again (a reader
 * may get the version before while the new one renders: stale while revalidated).
 */
async function current(pages: Record<string, string>): Promise<Record<string, string>> {
  const ask = async () =>
    Object.fromEntries(await Promise.all(Object.entries(pages).map(async ([k, path]) => [k, await etagOf(path)])));
  await ask();
  await server.site.whenRendered();
  return ask();
}

describe('pages rendered once per data version', () => {
  it('answer the same page with a strong ETag, 304 when it is unchanged, and cacheable headers', async () => {
    const first = await get(`/${FINAL}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"p[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=5, stale-while-revalidate=30, stale-if-error=86400',
    );
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const html = await first.text();
    expect(html).toContain('48.10');
    const again = await get(`/${FINAL}`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(html);
    const revalidated = await get(`/${FINAL}`, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('change a page a new version of a document it read changes, and no other', async () => {
    const before = {
      final: await etagOf(`/${FINAL}`),
      dive: await etagOf(`/${DIVE}`),
    };
    ingest(result(FINAL, 2, '47.95'));
    const after = await current({ final: `/${FINAL}`, dive: `/${DIVE}` });
    expect(after.final).not.toBe(before.final);
    expect(after.dive).toBe(before.dive);
    expect(await (await get(`/${FINAL}`)).text()).toContain('47.95');
  });

  it('change the schedule and medal pages a result or medallists message changes, and no others', async () => {
    const pages = {
      final: `/${FINAL}`,
      dive: `/${DIVE}`,
      swimmingDay: '/schedule/daily?date=2025-11-10',
      divingDay: '/schedule/daily?date=2025-11-11',
      divingSchedule: '/discipline/DIV/schedule',
      medals: '/medal/ranking',
    };
    const etags = () => current(pages);
    const before = await etags();
    // The swimming final's result becomes official: its unit page changes, no schedule reads results.
    ingest(result(FINAL, 3, '47.90').replace('ResultStatus="LIVE"', 'ResultStatus="OFFICIAL"'));
    const official = await etags();
    expect(official.final).not.toBe(before.final);
    for (const unchanged of ['dive', 'swimmingDay', 'divingDay', 'divingSchedule', 'medals'])
      expect(official[unchanged], unchanged).toBe(before[unchanged]);
    // Its schedule says it is finished (DT_SCHEDULE_UPDATE): that day's schedule changes, diving's do not.
    ingest(
      schedule('SWM', unit(FINAL, '2025-11-10T19:30:00+08:00', 'FINISHED', '男子100米自由泳 决赛', true)).replace(
        /DT_SCHEDULE"/,
        'DT_SCHEDULE_UPDATE"',
      ),
    );
    const finished = await etags();
    expect(finished.swimmingDay).not.toBe(official.swimmingDay);
    for (const unchanged of ['dive', 'divingDay', 'divingSchedule', 'medals'])
      expect(finished[unchanged], unchanged).toBe(official[unchanged]);
    // Its medallists arrive: the medal table changes, diving's pages do not.
    ingest(
      `<OdfBody DocumentType="DT_MEDALLISTS" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="1"><Competition><Event Code="${FINAL.slice(0, 10).padEnd(34, '-')}"><Medal Type="ME_GOLD"><Competitor Code="1001" Type="A" Organisation="GDG"/></Medal></Event></Competition></OdfBody>`,
    );
    const medalled = await etags();
    expect(medalled.medals).not.toBe(finished.medals);
    expect(await (await get(pages.medals)).text()).toContain('GDG');
    for (const unchanged of ['dive', 'divingDay', 'divingSchedule'])
      expect(medalled[unchanged], unchanged).toBe(finished[unchanged]);
  });

  it('never answer a page in one language for another', async () => {
    const chinese = await (await get(`/${FINAL}`, { Cookie: 'podium-lang=zh_CN' })).text();
    const english = await get(`/${FINAL}`, { Cookie: 'podium-lang=en_US' });
    const englishText = await english.text();
    expect(chinese).toContain('lang="zh-Hans-CN"');
    expect(englishText).toContain('lang="en-US"');
    expect(english.headers.get('etag')).not.toBe(
      (await get(`/${FINAL}`, { Cookie: 'podium-lang=zh_CN' })).headers.get('etag'),
    );
    // A link that chooses the language sets the reader's cookie: that answer is the reader's own.
    const chosen = await get(`/${FINAL}?lang=zh_HK`);
    expect(chosen.headers.get('set-cookie')).toContain('podium-lang=zh_HK');
    expect(chosen.headers.get('cache-control')).toBe('private, no-cache');
    expect(await chosen.text()).toContain('lang="zh-Hant-HK"');
  });
});

/** The store's current document versions, as the service passes them to its site. */
const storeVersions = (type: string, code: string) => service.store.get(type, code)?.etag ?? '';

/** A site alone on loopback, reading documents through `data`: its base URL and how to close it. */
async function serveSite(site: Site, data: { document: <T>(type: string, code: string) => Promise<T | undefined> }) {
  const local = createServer(
    (req, res) => void site.serve(req, res, new URL(req.url!, 'http://x').pathname, data, storeVersions),
  );
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(local.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => local.close(resolve)),
  };
}

describe('a burst of requests for a page not kept yet', () => {
  it('renders it once, the others waiting for that render', async () => {
    let reads = 0;
    const site = new Site('/nonexistent-dist', 'test');
    const data = {
      document: async <T>(type: string, code: string) => {
        reads += 1;
        return service.store.json<T>(type, code);
      },
    };
    const local = await serveSite(site, data);
    try {
      const url = `${local.base}/${DIVE}`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(url)));
      const etags = new Set(answers.map((a) => a.headers.get('etag')));
      expect(etags.size).toBe(1);
      const once = reads;
      expect(once).toBeGreaterThan(0);
      await fetch(url);
      // Kept: a later request reads no document at all.
      expect(reads).toBe(once);
      const single = new Site('/nonexistent-dist', 'test');
      let alone = 0;
      const counting = { document: async <T>(t: string, c: string) => ((alone += 1), service.store.json<T>(t, c)) };
      const other = await serveSite(single, counting);
      await fetch(`${other.base}/${DIVE}`);
      await other.close();
      // Twelve concurrent requests read what one request reads.
      expect(once).toBe(alone);
    } finally {
      await local.close();
    }
  });
});

describe('a page whose new version is rendering', () => {
  /**
   * A site whose page reads can be held, serving the dive final's page, read once: its answer is
   * the version before. `hold()` keeps the next render from finishing until the function it
   * returns is called.
   */
  async function siteWithHeldReads(options: SiteOptions = {}) {
    let held: Promise<void> | undefined;
    const site = new Site('/nonexistent-dist', 'test', false, undefined, options);
    const data = {
      document: async <T>(type: string, code: string) => {
        await held;
        return service.store.json<T>(type, code);
      },
    };
    const local = await serveSite(site, data);
    const url = `${local.base}/${DIVE}`;
    const first = await fetch(url);
    const before = { etag: first.headers.get('etag'), html: await first.text() };
    const hold = () => {
      let letGo!: () => void;
      held = new Promise((resolve) => (letGo = resolve));
      return letGo;
    };
    return { site, local, url, before, hold };
  }

  it('is the version before for its readers meanwhile, at once, and the new one once rendered', async () => {
    const { site, local, url, before, hold } = await siteWithHeldReads();
    try {
      expect(before.html).toContain('350.10');
      // A new version of the result, whose page cannot finish rendering until let go.
      const letGo = hold();
      ingest(result(DIVE, 2, '351.20'));
      const during = await fetch(url);
      expect(during.status).toBe(200);
      expect(during.headers.get('etag')).toBe(before.etag);
      expect(await during.text()).toBe(before.html);
      letGo();
      await site.whenRendered();
      const after = await fetch(url);
      expect(after.headers.get('etag')).not.toBe(before.etag);
      expect(await after.text()).toContain('351.20');
    } finally {
      await local.close();
    }
  });

  it('holds no reader who comes while it renders: the one who started it waits, the others get the version before', async () => {
    // The reader who starts the render waits for it as long as it takes: what the others get is
    // then told apart from what a wait that ran out would give, without measuring time.
    const { site, local, url, before, hold } = await siteWithHeldReads({ freshWaitMs: 600_000 });
    try {
      const letGo = hold();
      ingest(result(DIVE, 3, '352.30'));
      let starterAnswered = false;
      const starter = fetch(url).then(async (res) => {
        starterAnswered = true;
        return { etag: res.headers.get('etag'), html: await res.text() };
      });
      // The starter's request is in the server once its render is: the others join it.
      await vi.waitFor(() => expect(site.renders).toBeGreaterThan(1));
      const others = await Promise.all([fetch(url), fetch(url), fetch(url)]);
      for (const other of others) {
        expect(other.headers.get('etag')).toBe(before.etag);
        expect(await other.text()).toBe(before.html);
      }
      expect(site.renders).toBe(2); // they joined the render, none started its own
      expect(starterAnswered).toBe(false);
      letGo();
      const started = await starter;
      expect(started.etag).not.toBe(before.etag);
      expect(started.html).toContain('352.30');
    } finally {
      await local.close();
    }
  });
});

describe('a page a late entry list makes or renames', () => {
  it('is answered rendered anew to its readers: never the 404 or the English names before it', async () => {
    // No wait for a new version: a version before, if one were given, would be answered at once.
    const site = new Site('/nonexistent-dist', 'test', false, undefined, { freshWaitMs: 0 });
    let held: Promise<void> | undefined;
    const data = {
      document: async <T>(type: string, code: string) => {
        await held;
        return service.store.json<T>(type, code);
      },
    };
    const local = await serveSite(site, data);
    try {
      const athlete = `${local.base}/competitor/1001?lang=zh_CN`;
      const unitPage = `${local.base}/${DIVE}?lang=zh_CN`;
      expect((await fetch(athlete)).status).toBe(404);
      expect(await (await fetch(unitPage)).text()).toContain('ZHANG Wei');
      // The entry list, sent after the results as a real feed may (DT_PARTIC, local names as ODF gives them).
      ingest(
        `<OdfBody DocumentType="DT_PARTIC" DocumentCode="${'DIV'.padEnd(34, '-')}" Version="1"><Competition><Participant Code="1001" Parent="1001" Status="ACTIVE" GivenName="Wei" FamilyName="Zhang" LocalGivenName="伟" LocalFamilyName="张" Gender="M" Organisation="GDG" Current="true"><Discipline Code="${'DIV'.padEnd(34, '-')}"><RegisteredEvent Event="${DIVE.slice(0, 22).padEnd(34, '-')}"/></Discipline></Participant></Competition></OdfBody>`,
      );
      // The new renders cannot finish until let go: an answer before that is the version before.
      let letGo!: () => void;
      held = new Promise((resolve) => (letGo = resolve));
      const renders = site.renders;
      let answered = 0;
      const reading = [athlete, unitPage, unitPage].map((url) =>
        fetch(url).then(async (res) => ((answered += 1), { status: res.status, html: await res.text() })),
      );
      await vi.waitFor(() => expect(site.renders).toBe(renders + 2));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(0);
      letGo();
      const [first, unit, joined] = await Promise.all(reading);
      expect(first!.status).toBe(200);
      expect(first!.html).toContain('张伟');
      for (const page of [unit!, joined!]) expect(page.html).toContain('张伟');
    } finally {
      await local.close();
    }
  });
});

describe('the page cache', () => {
  const page = (etag: string, dependencies: CachedPage['dependencies'], size = 10): CachedPage => ({
    status: 200,
    html: Buffer.alloc(size),
    gzip: Buffer.alloc(0),
    etag,
    dependencies,
  });

  it('answers a page no more once a document it read has another version, or has arrived; keeps it as the last', () => {
    const versions = new Map([['DT_RESULT/A', '"1"']]);
    const current = (type: string, code: string) => versions.get(`${type}/${code}`) ?? '';
    const cache = new PageCache();
    cache.set(
      'a',
      page('x', [
        { type: 'DT_RESULT', code: 'A', etag: '"1"' },
        { type: 'DT_RESULT', code: 'B', etag: '' },
      ]),
    );
    expect(cache.get('a', current)?.etag).toBe('x');
    versions.set('DT_RESULT/B', '"1"');
    expect(cache.get('a', current)).toBeUndefined();
    expect(cache.before('a', current)?.etag).toBe('x');
    cache.set('a', page('y', [{ type: 'DT_RESULT', code: 'B', etag: '"1"' }]));
    expect(cache.get('a', current)?.etag).toBe('y');
    expect(cache.size).toBe(1);
  });

  it('gives no version before of a page that did not exist, nor of one its entry lists renamed', () => {
    const versions = new Map<string, string>();
    const current = (type: string, code: string) => versions.get(`${type}/${code}`) ?? '';
    const cache = new PageCache();
    // A competitor's 404, before the entry list that names the athlete.
    cache.set('missing', { ...page('404', [{ type: 'COMPETITOR_PROFILES', code: 'A0', etag: '' }]), status: 404 });
    versions.set('COMPETITOR_PROFILES/A0', '"1"');
    expect(cache.before('missing', current)).toBeUndefined();
    // A unit in English names: a new result keeps it as the version before, new names do not.
    const read = [
      { type: 'DT_RESULT', code: 'U', etag: '"1"' },
      { type: 'NAMES', code: 'E', etag: '' },
    ];
    cache.set('unit', page('english', read));
    versions.set('DT_RESULT/U', '"2"');
    expect(cache.before('unit', current)?.etag).toBe('english');
    versions.set('NAMES/E', '"1"');
    expect(cache.before('unit', current)).toBeUndefined();
  });

  it('keeps within its memory, the least recently used going first', () => {
    const cache = new PageCache(1000);
    const none = () => '';
    // Four fit in 1,000 bytes; the fifth pushes out the one least recently used (b, since a was read).
    cache.set('a', page('a', [], 250));
    cache.set('b', page('b', [], 250));
    cache.get('a', none);
    cache.set('c', page('c', [], 250));
    cache.set('d', page('d', [], 250));
    cache.set('e', page('e', [], 250));
    expect(cache.get('b', none)).toBeUndefined();
    expect(cache.get('a', none)?.etag).toBe('a');
    cache.set('huge', page('huge', [], 900));
    expect(cache.get('huge', none)).toBeUndefined();
  });
});
