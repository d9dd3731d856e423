import { readFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { PAGE_QUERY_PARAMETERS } from '../../src/web/app/pageQuery';
import { FILE_QUERY_PARAMETERS } from '../../src/server/export/pageFiles';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';
import { startDeployNginx, type TestNginx } from '../support/nginx';

/**
 * Issue 24 item 2: Debian's nginx running deploy/nginx.conf as it is (only its paths and ports
 * changed) in front of the real service. Its cache key holds only what changes an answer, as the
 * origin's does: junk hosts, parameters, encodings and cookies neither reach the origin nor make
 * copies, and no request can make nginx keep one page under another page's key.
 */
const PUBLIC = 'https://results.example.org';
const FINAL = UNIT;
const CONF = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');

let service: Service;
let origin: PodiumServer;
let nginx: TestNginx;
let proxyPort: number;
let originPort: number;
/** Requests that reached the service, by path and query as sent. */
const reached: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

beforeAll(async () => {
  service = await memoryService();
  for (const message of [unitSchedule(), unitResult('48.10', '1')])
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  origin = createPodiumServer(service, {
    config: readConfig({ PODIUM_PUBLIC_URL: PUBLIC }),
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  origin.on('request', (req: { url?: string }) => reached.push(req.url ?? ''));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as AddressInfo).port;
  nginx = await startDeployNginx(originPort);
  proxyPort = nginx.port;
}, 60_000);

afterAll(async () => {
  agent.destroy();
  await nginx?.stop();
  await new Promise((resolve) => origin.close(resolve));
  service.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
const viaNginx = (path: string, headers: Record<string, string> = {}) => get(proxyPort, path, headers);
const direct = (path: string, headers: Record<string, string> = {}) => get(originPort, path, headers);
const junk = (i: number) => `${i.toString(36)}${Math.random().toString(36).slice(2, 10)}`;
/** The tab a unit page shows selected. */
const selectedTab = (html: string) => /aria-selected="true"[^>]*href="[^"]*\?tab=([a-z]+)"/.exec(html)?.[1];

describe('deploy/nginx.conf keys its cache as the origin does', () => {
  it('names every parameter a page reads in the pages key', () => {
    const key = /location @podium_page \{[^}]*proxy_cache_key ([^;]+);/.exec(CONF)?.[1] ?? '';
    expect(key).toContain('$podium_path');
    for (const name of PAGE_QUERY_PARAMETERS) expect(key, name).toContain(`${name}=$arg_${name}`);
    expect(key).not.toMatch(/\$host|\$request_uri|\$http_accept_encoding/);
  });

  it('names a published page’s file as the mirror’s layout does, every page parameter in its order', () => {
    const file = /map \$arg_lang \$podium_published_page \{\s*"" "([^"]+)";/.exec(CONF)?.[1] ?? '';
    const parameters = [...file.matchAll(/\$podium_q_(\w+)/g)].map((match) => match[1]);
    expect(parameters).toEqual(FILE_QUERY_PARAMETERS);
    for (const name of FILE_QUERY_PARAMETERS)
      expect(CONF).toContain(
        `map $arg_${name} $podium_q_${name} { "" ""; "~/" "/"; default "&${name}=$arg_${name}"; }`,
      );
  });

  it('500 requests with junk hosts, parameters, encodings and cookies reach the origin once', async () => {
    const path = `/${FINAL}`;
    const first = await viaNginx(path, { 'Accept-Encoding': 'gzip' });
    expect(first.status).toBe(200);
    const before = reached.length;
    const renders = origin.site.renders;
    for (let start = 0; start < 500; start += 25)
      await Promise.all(
        Array.from({ length: 25 }, async (_, k) => {
          const i = start + k;
          const answer = await viaNginx(`${path}?${junk(i)}=${junk(i)}&utm_campaign=${junk(i)}`, {
            Host: `${junk(i)}.example`,
            'Accept-Encoding': `gzip, ${junk(i)}`,
            Cookie: `session=${junk(i)}`,
            'User-Agent': junk(i),
          });
          expect(answer.status).toBe(200);
          expect(answer.headers['x-cache-status']).toMatch(/^(HIT|UPDATING|STALE|EXPIRED|REVALIDATED)$/);
        }),
      );
    // At most a revalidation once the five seconds of freshness have passed, never one per request.
    expect(reached.length - before).toBeLessThanOrEqual(2);
    expect(origin.site.renders - renders).toBe(0);
  });

  it('keeps the languages apart by the language cookie', async () => {
    const english = await viaNginx(`/${FINAL}`, { Cookie: 'podium-lang=en_US' });
    const chinese = await viaNginx(`/${FINAL}`, { Cookie: 'theme=dark; podium-lang=zh_CN' });
    const traditional = await viaNginx(`/${FINAL}`, { Cookie: 'podium-lang=zh_HK' });
    expect(english.body).toContain('<html lang="en-US"');
    expect(chinese.body).toContain('<html lang="zh-Hans-CN"');
    expect(traditional.body).toContain('<html lang="zh-Hant-HK"');
  });

  it('cannot be made to keep one page under another page key', async () => {
    // Each of these asks nginx for the key of `?tab=startlist` or of the default page; the origin
    // must answer the page that key means, or a later reader gets the attacker's choice.
    for (const [attack, honest] of [
      ['?TAB=startlist', '?tab=startlist'],
      ['?tab=&tab=startlist', ''],
      ['?Tab=startlist&tab=result', '?tab=startlist'],
      ['?tab=startlist&x=1', '?tab=startlist'],
    ] as const) {
      const poisoned = await viaNginx(`/${FINAL}${attack}`, { 'X-Attack': attack });
      expect(poisoned.status, attack).toBe(200);
      const later = await viaNginx(`/${FINAL}${honest}`);
      expect(selectedTab(later.body), attack).toBe(selectedTab((await direct(`/${FINAL}${honest}`)).body));
    }
    expect(selectedTab((await viaNginx(`/${FINAL}?tab=startlist`)).body)).toBe('startlist');
    expect(selectedTab((await viaNginx(`/${FINAL}`)).body)).toBe('result');
  });

  it('serves a calendar asked for with forged headers linking to the configured site only', async () => {
    const forged = await viaNginx('/calendar/discipline/SWM.ics?lang=en_US', {
      Host: 'evil.example',
      'X-Forwarded-Proto': 'javascript:alert(1)//',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain(`URL:${PUBLIC}/${FINAL}`);
    expect(forged.body).not.toMatch(/evil|javascript/);
    const honest = await viaNginx('/calendar/discipline/SWM.ics?lang=en_US');
    expect(honest.body).toBe(forged.body);
  });
});
