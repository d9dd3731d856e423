import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';

let service: Service;
const servers: Server[] = [];

async function serve(env: Record<string, string> = {}): Promise<string> {
  const server = createPodiumServer(service, {
    config: readConfig(env),
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  service = await memoryService();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  service.close();
});

/** A page asked for under another Host name (fetch does not let a caller set Host). */
function pageAs(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });

describe('the shell', () => {
  it('lists the top navigation in the spec order, the medal table last, and the result book for desktops only', async () => {
    const html = await (await get(`${await serve()}/medal/ranking`)).text();
    const nav = html.slice(html.indexOf('desktop-nav'), html.indexOf('</nav>', html.indexOf('desktop-nav')));
    const order = [...nav.matchAll(/href="(\/[a-zA-Z]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      '/schedule',
      '/delegation',
      '/discipline',
      '/competitor',
      '/final',
      '/record',
      '/report',
      '/resultBook',
      '/medal',
    ]);
    expect(nav).toMatch(/<li[^>]*class="desktop-only"[^>]*>(?:(?!<\/li>).)*href="\/resultBook"/s);
    expect(nav).toMatch(/aria-current="page"[^>]*href="\/medal"|href="\/medal"[^>]*aria-current="page"/);
    expect(html).toContain('class="drawer-button');
    expect(html).toContain('href="https://beian.miit.gov.cn/"');
  });

  it('has the Hong Kong variant title as a run-time setting, and refuses an unknown variant', async () => {
    const main = await (await get(`${await serve()}/medal/ranking`)).text();
    const hongKong = await (await get(`${await serve({ PODIUM_SITE_VARIANT: 'hongkong' })}/medal/ranking`)).text();
    expect(main).toContain('<title>第十五届全国运动会 成绩公告</title>');
    expect(hongKong).toMatch(/<title>[^<]*香港[^<]*<\/title>/);
    expect(hongKong).toMatch(/class="site-title"[^>]*>[^<]*香港/);
    expect(() => readConfig({ PODIUM_SITE_VARIANT: 'macao' })).toThrow(
      'PODIUM_SITE_VARIANT must be one of main, hongkong',
    );
  });

  it('shows the header language switch only when the site is served as localhost', async () => {
    const base = await serve();
    const port = new URL(base).port;
    const local = (await pageAs(base, '/medal/ranking', `localhost:${port}`)).body;
    const loopback = (await pageAs(base, '/medal/ranking', `127.0.0.1:${port}`)).body;
    const remote = (await pageAs(base, '/medal/ranking', 'results.example.org')).body;
    expect(local).toMatch(/role="group" class="languages"/);
    // Links that work without JavaScript; the page's language is the current one.
    expect(local).toMatch(
      /<a href="\/medal\/ranking\?lang=en_US" lang="en-US" hrefLang="en-US" class="language">EN<\/a>/,
    );
    expect(local).toMatch(/lang="zh-Hans-CN"[^>]*aria-current="true"/);
    expect(loopback).toContain('class="languages"');
    expect(remote).not.toContain('class="languages"');
    // A Host header that is not a host name is not trusted with anything.
    const odd = await pageAs(base, '/medal/ranking', 'localhost"><script>');
    expect(odd.status).toBe(200);
    expect(odd.body).not.toContain('class="languages"');
    expect(odd.body).not.toContain('"><script>');
  });

  it('sends phones from / to the phone schedule, and desktops to the schedule with a one-time width check', async () => {
    const base = await serve();
    const phone = await get(`${base}/`, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari' });
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe('/scheduleMobile');
    expect(phone.headers.get('set-cookie')).toBeNull();
    const desktop = await get(`${base}/`, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' });
    expect(desktop.headers.get('location')).toBe('/schedule/total');
    expect(desktop.headers.get('set-cookie')).toBe('podium-home=1; Path=/; Max-Age=30; SameSite=Lax');
  });
});
