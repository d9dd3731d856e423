import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { PAGE_QUERY_PARAMETERS } from '../../src/web/app/pageQuery';
import { memoryService, MB, odf } from './helpers';
import { openService } from '../../src/server/service';

/**
 * Issue 24: what a client chooses (Host, forwarded headers, junk parameters, impossible codes)
 * neither reaches what a shared cache keeps, nor costs renders, nor gets a 500. Against the real
 * server on loopback, configured as a deployed site (PODIUM_PUBLIC_URL).
 */
let service: Service;
let server: PodiumServer;
let port: number;
const PUBLIC = 'https://results.example.org';
const FINAL = 'SWMM100MFR------------FNL-000100--';
const SWM = 'SWM'.padEnd(34, '-');
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** The games of these tests: the swimming schedule and its final's result. */
function messages(): Buffer[] {
  const unit = `<Unit Code="${FINAL}" ScheduleStatus="RUNNING" StartDate="2025-11-10T19:30:00+08:00" Order="1" Medal="1" Venue="GOA"><ItemName Language="ENG" Value="Men's 100m Freestyle Final"/></Unit>`;
  const result = `<Competition><Result Rank="1" Result="48.10" SortOrder="1"><Competitor Code="1001" Type="A" Organisation="GDG"><Composition><Athlete Code="1001" Order="1"><Description GivenName="Wei" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result></Competition>`;
  return [
    odf({ DocumentType: 'DT_SCHEDULE', DocumentCode: SWM, Version: '1' }, `<Competition>${unit}</Competition>`),
    odf({ DocumentType: 'DT_RESULT', DocumentCode: FINAL, Version: '1', ResultStatus: 'LIVE' }, result),
  ];
}

beforeAll(async () => {
  service = await memoryService();
  for (const message of messages()) expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  server = createPodiumServer(service, {
    config: readConfig({ PODIUM_PUBLIC_URL: PUBLIC }),
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (fetch may not set Host), the path sent as written. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const junk = (i: number) => `${i.toString(36)}${Math.random().toString(36).slice(2, 10)}`;

async function inBatches(count: number, one: (i: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += 50)
    await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, k) => one(start + k)));
}

describe('absolute URLs come from configuration, never from the request', () => {
  it('a calendar asked for with a forged Host and X-Forwarded-Proto links to the configured site only', async () => {
    const forged = await get('/calendar/discipline/SWM.ics', {
      Host: 'evil.example',
      'X-Forwarded-Proto': 'javascript:alert(1)//',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(forged.status).toBe(200);
    expect(forged.headers['cache-control']).toMatch(/^public/);
    const urls = forged.body.split(/\r\n/).filter((line) => line.startsWith('URL:'));
    expect(urls).toEqual([`URL:${PUBLIC}/${FINAL}`]);
    expect(forged.body).not.toMatch(/evil|javascript/);
    // The same bytes as an honest request: a cache keeping either keeps the right one.
    const honest = await get('/calendar/discipline/SWM.ics');
    expect(honest.body).toBe(forged.body);
    expect(honest.headers.etag).toBe(forged.headers.etag);
  });

  it('a page asked for under any Host is the public site page, the same bytes', async () => {
    const asked = await get(`/${FINAL}`, { Host: 'evil.example' });
    const other = await get(`/${FINAL}`, { Host: 'results.example.org' });
    expect(asked.status).toBe(200);
    expect(asked.body).not.toContain('evil.example');
    expect(asked.headers.etag).toBe(other.headers.etag);
  });
});

describe('junk hosts and query strings cost no renders', () => {
  it('2,000 requests with random Hosts, parameters and Accept-Encodings render each real page once', async () => {
    const path = `/${FINAL}`;
    await get(path);
    await get(path, { Host: 'results.example.org' });
    const renders = server.site.renders;
    const pages = server.site.pages.size;
    const etags = new Set<string>();
    await inBatches(2000, async (i) => {
      const answer =
        i % 3 === 0
          ? await get(path, { Host: `${junk(i)}.example` })
          : i % 3 === 1
            ? await get(`${path}?${junk(i)}=${junk(i)}&utm_source=${junk(i)}`)
            : await get(`${path}?x=${junk(i)}`, { Host: `${junk(i)}.invalid:8080`, 'Accept-Encoding': junk(i) });
      expect(answer.status).toBe(200);
      etags.add(String(answer.headers.etag));
    });
    expect(server.site.renders - renders).toBe(0);
    expect(server.site.pages.size).toBe(pages);
    // Two variants at most: this machine's (with the language switch) and the public site's.
    expect(etags.size).toBeLessThanOrEqual(2);
  });

  it('a known parameter still makes its own page; its repeats and order do not', async () => {
    const renders = server.site.renders;
    const a = await get(`/${FINAL}?tab=results&lang=en_US&junk=1`);
    const b = await get(`/${FINAL}?lang=en_US&tab=results&tab=other&junk=2`);
    expect(a.status).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(server.site.renders - renders).toBe(1);
  });

  it('every query parameter a page loader reads is one the cache keys on', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name))
          for (const match of readFileSync(path, 'utf8').matchAll(/(?:searchParams|params)\.get\('([^']+)'\)/g))
            read.add(match[1]!);
      }
    };
    walk(join(ROOT, 'src', 'web'));
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((name) => !(PAGE_QUERY_PARAMETERS as readonly string[]).includes(name))).toEqual([]);
  });
});

/** Codes no route can have: outside Latin-1, control characters, markup, accents, too long, a traversal. */
const IMPOSSIBLE = [
  '%E5%B9%BF%E4%B8%9C',
  '%E6%B8%B8%E6%B3%B3',
  '%F0%9F%98%80',
  '%0D%0ASet-Cookie:%20x=1',
  '%00',
  '%C3%A9',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'A'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  '%FF',
];
/** Every route that takes a code, `$` where the code goes. */
const CODE_ROUTES = [
  '/delegation/$',
  '/delegation/$/schedule',
  '/delegation/GDG/$',
  '/discipline/$',
  '/discipline/$/schedule',
  '/competitor/$',
  '/$',
  '/$/medals',
  '/SWM/$',
  '/schedule/delegation?org=$',
  '/schedule/total?discipline=$&venue=$&date=$',
  '/medal/ranking?sort=$',
  '/search?q=$',
  '/competitor/individuals?org=$&q=$&page=$',
  '/report?discipline=$&type=$&preview=$',
  `/${FINAL}?tab=$`,
  '/calendar/delegation/$.ics',
  '/calendar/discipline/$.ics',
  '/calendar/follow.ics?delegation=$&athlete=$',
  '/api/crs/odf/json/$/$',
  '/api/crs/odf/json/SCHEDULE/$',
  '/api/crs/commonCode/$',
  '/api/search?q=$',
  '/reports/$',
  '/reports/$.pdf',
  '/assets/$',
];

describe('impossible codes are a 404, never a 500', () => {
  it('on every route that takes a code: no 5xx, no internal text, only valid same-site Locations', async () => {
    const seen: string[] = [];
    for (const route of CODE_ROUTES)
      for (const code of IMPOSSIBLE) {
        const path = route.replaceAll('$', code);
        const answer = await get(path);
        seen.push(`${answer.status} ${path}`);
        expect(answer.status, path).toBeLessThan(500);
        expect(answer.body, path).not.toMatch(/ByteString|SqliteError|TypeError|\n\s+at /);
        const location = answer.headers.location;
        if (location !== undefined) {
          expect(String(location), path).toMatch(/^\/[^/\\][\x21-\x7e]*$/);
        }
        // A page for a path no page can have is the not-found page, kept by nobody.
        if (!route.startsWith('/api/') && !route.startsWith('/calendar/') && !route.startsWith('/reports/')) {
          if (answer.status === 404) expect(answer.headers['cache-control'], path).toBe('no-store');
        }
      }
    // The page routes answer the site's not-found page, in the page's language.
    const page = await get(`/delegation/${IMPOSSIBLE[0]}`);
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(seen.length).toBe(CODE_ROUTES.length * IMPOSSIBLE.length);
  });

  it('a redirect built from a code is escaped and stays on the site', async () => {
    const plain = await get('/delegation/GDG');
    expect(plain.status).toBe(302);
    expect(plain.headers.location).toBe('/delegation/GDG/schedule');
    for (const path of ['//evil.example/x', '/\\evil.example', '/delegation/%2F%2Fevil.example']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.location, path).toBeUndefined();
    }
  });
});

describe('corrupt storage', () => {
  it('a page whose data fails shows that it failed, not why, and no cache keeps a failed page', async () => {
    const internals = /JSON|Unexpected|Unterminated|SyntaxError|position \d+|\n\s+at /;
    // The page's boot script is code of its own (it parses the page's channel list): not an error.
    const withoutBoot = (html: string) => html.replace(/<script\b[^>]*\bdata-scripts=[^>]*>[\s\S]*?<\/script>/, '');
    // A store on disk whose rows were damaged while the service was stopped.
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-corrupt-'));
    const first = await openService({ dataDir, maxMessageBytes: 8 * MB });
    for (const message of messages()) expect(first.ingestor.ingest(message, 'test').outcome).toBe('stored');
    first.db.prepare(`UPDATE documents SET body = '{"broken' WHERE code = ?`).run(FINAL);
    // Its messages too: a feed document whose logged bytes are gone cannot be rebuilt from the log.
    first.db.prepare(`UPDATE messages SET body = NULL WHERE code = ?`).run(FINAL);
    first.close();
    const damaged = await openService({ dataDir, maxMessageBytes: 8 * MB });
    const site = createPodiumServer(damaged, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      // One unit's documents: its sections fail in their own place, the page stands.
      const unit = await (await fetch(`${base}/${FINAL}`)).text();
      expect(unit).toContain('widget-error');
      expect(withoutBoot(unit)).not.toMatch(internals);
      // Every document: the page's own data fails (500, kept by nobody), the frame stays.
      damaged.db.prepare(`UPDATE documents SET body = '{"broken'`).run();
      for (const path of ['/medal/ranking', '/delegation/GDG/schedule']) {
        const page = await fetch(`${base}${path}`);
        const html = await page.text();
        expect(page.status, path).toBe(500);
        expect(page.headers.get('cache-control'), path).toBe('no-store');
        expect(withoutBoot(html), path).not.toMatch(internals);
        expect(html, path).toContain('<header');
      }
    } finally {
      await new Promise((resolve) => site.close(resolve));
      damaged.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('methods', () => {
  it('Allow is the same in a 405 and an OPTIONS answer, per path', async () => {
    for (const [path, allow] of [
      [`/api/crs/odf/json/SCHEDULE/${SWM}`, 'GET, HEAD'],
      [`/${FINAL}`, 'GET, HEAD'],
      ['/api/internal/odf', 'POST'],
      ['/api/internal/medal/import', 'POST'],
    ] as const) {
      const options = await get(path, {}, 'OPTIONS');
      expect(options.status, path).toBe(204);
      expect(options.headers.allow, path).toBe(allow);
      const wrong = await get(path, {}, allow === 'POST' ? 'GET' : 'POST');
      expect(wrong.status, path).toBe(405);
      expect(wrong.headers.allow, path).toBe(allow);
      const put = await get(path, {}, 'PUT');
      expect(put.status, path).toBe(405);
      expect(put.headers.allow, path).toBe(allow);
    }
  });
});
