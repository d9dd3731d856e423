import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { NOT_A_SPORT_CODE } from '../../src/core/sports/vocabulary';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';
import { createHash } from 'node:crypto';
import { render } from '../../src/web/entry-server';
import { bootScriptHash } from '../../src/web/app/bootScriptHash';

/** A service with a small games: one discipline's schedule and one event's medals. */
let service: Service;
let server: Server;
let base: string;
const unit = (code: string, start: string, status: string, name: [string, string], medal = false) =>
  `<Unit Code="${code}" ScheduleStatus="${status}" StartDate="${start}" Order="1"${medal ? ' Medal="1"' : ''} Venue="GOA"><ItemName Language="CHI" Value="${name[0]}"/><ItemName Language="ENG" Value="${name[1]}"/><VenueDescription VenueName="Guangdong Olympic Aquatics Centre"/><VenueDescription Language="CHI" VenueName="广东奥林匹克游泳跳水馆"/></Unit>`;

beforeAll(async () => {
  service = await memoryService();
  const messages = [
    `<OdfBody DocumentType="DT_SCHEDULE" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="1"><Competition>${unit('SWMM100MFR------------HEAT000100--', '2025-11-10T10:00:00+08:00', 'FINISHED', ['男子100米自由泳 预赛', "Men's 100m Freestyle Heat 1"])}${unit('SWMM100MFR------------FNL-000100--', '2025-11-10T19:30:00+08:00', 'RUNNING', ['男子100米自由泳 决赛', "Men's 100m Freestyle Final"], true)}</Competition></OdfBody>`,
    `<OdfBody DocumentType="DT_MEDALLISTS" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="1"><Competition><Event Code="${'SWMM100MFR'.padEnd(34, '-')}"><Medal Type="ME_GOLD"><Competitor Code="1" Organisation="GDG"/></Medal><Medal Type="ME_SILVER"><Competitor Code="2" Organisation="SHH"/></Medal><Medal Type="ME_BRONZE"><Competitor Code="3" Organisation="ZHJ"/></Medal></Event></Competition></OdfBody>`,
  ];
  for (const m of messages) expect(service.ingestor.ingest(Buffer.from(m), 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers, redirect: 'manual' });

describe('server-rendered pages', () => {
  it('render the schedule with its data in the first HTML, in Simplified Chinese by default', async () => {
    const res = await page('/schedule/daily?date=2025-11-10');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-Hans-CN"');
    expect(html).toContain('男子100米自由泳 决赛');
    expect(html).toContain('19:30');
    expect(html).toContain('广东奥林匹克游泳跳水馆');
    expect(html).toContain('href="/SWMM100MFR------------FNL-000100--"');
    expect(html).toContain('奖牌赛');
    expect(html).toContain('<script type="application/json" id="podium-hydration">');
  });

  it('render the language a link asks for, with <html lang> and the data text variant', async () => {
    const english = await (await page('/schedule/daily?date=2025-11-10&lang=en_US')).text();
    expect(english).toContain('<html lang="en-US"');
    expect(english).toContain('Men&#x27;s 100m Freestyle Final');
    expect(english).toContain('>Schedule<');
    const traditional = await (await page('/schedule/daily?date=2025-11-10&lang=zh_HK')).text();
    expect(traditional).toContain('<html lang="zh-Hant-HK"');
    expect(traditional).toContain('男子100米自由泳 決賽');
    const chosen = await page('/schedule/total?lang=zh_HK');
    expect(chosen.headers.get('set-cookie')).toBe('podium-lang=zh_HK; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await page('/schedule/total')).headers.get('set-cookie')).toBeNull();
    const remembered = await (await page('/schedule/total', { cookie: 'podium-lang=en_US' })).text();
    expect(remembered).toContain('<html lang="en-US"');
  });

  it('render the medal ranking with a totals row', async () => {
    const html = await (await page('/medal/ranking')).text();
    expect(html).toContain('奖牌榜');
    expect(html).toMatch(
      /<td>1<\/td><th scope="row"><a href="\/delegation\/GDG\/medalists"[^>]*>广东<\/a><\/th><td>1<\/td><td>0<\/td><td>0<\/td><td>1<\/td>/,
    );
    expect(html).toContain('合计');
    expect(html).toMatch(
      /<th scope="col" class="medal-head medal-gold" aria-sort="descending"><a[^>]*href="\/medal\/ranking\?sort=gold"/,
    );
  });

  it('order the medal ranking by total on request, ranks following that order', async () => {
    const html = await (await page('/medal/ranking?sort=total')).text();
    expect(html).toMatch(/<th scope="col" aria-sort="descending"><a[^>]*href="\/medal\/ranking\?sort=total"/);
    const delegations = [...html.matchAll(/\/delegation\/([A-Z]+)\/medalists/g)].map((m) => m[1]);
    expect(delegations).toEqual(['GDG', 'SHH', 'ZHJ']);
  });

  it('render the daily finals with their medallists, the delegations and the sports', async () => {
    const finals = await (await page('/final?date=2025-11-10&lang=en_US')).text();
    expect(finals).toContain('Men&#x27;s 100m Freestyle Final');
    expect(finals).toContain('Guangdong');
    const delegations = await (await page('/delegation/list')).text();
    expect(delegations).toContain('广东');
    expect(delegations).toContain('香港');
    const sports = await (await page('/discipline/list')).text();
    expect(sports).toContain('游泳');
    expect((await page('/delegation')).headers.get('location')).toBe('/delegation/list');
    expect((await page('/discipline')).headers.get('location')).toBe('/discipline/list');
  });

  it('render a delegation page by tab, and 404 for an unknown delegation', async () => {
    expect((await page('/delegation/GDG')).headers.get('location')).toBe('/delegation/GDG/schedule');
    const medallists = await page('/delegation/GDG/medalists');
    expect(medallists.status).toBe(200);
    const html = await medallists.text();
    expect(html).toContain('广东');
    expect(html).toMatch(/<td>金牌<\/td><td>游泳<\/td>/);
    const profile = await (await page('/delegation/GDG/profile?lang=en_US')).text();
    expect(profile).toContain('Guangdong');
    expect(profile).toContain('>Profile<');
    const unknown = await page('/delegation/ZZZ/schedule');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('页面未找到');
  });

  it('render a sport page by tab, and 404 for an unknown sport', async () => {
    expect((await page('/discipline/SWM')).headers.get('location')).toBe('/discipline/SWM/schedule');
    const schedule = await (await page('/discipline/SWM/schedule')).text();
    expect(schedule).toContain('男子100米自由泳 决赛');
    const medallists = await (await page('/discipline/SWM/medallist?lang=en_US')).text();
    expect(medallists).toContain('Guangdong');
    expect((await page(`/discipline/${NOT_A_SPORT_CODE}/schedule`)).status).toBe(404);
    expect((await page('/discipline/swm/schedule')).status).toBe(404);
  });

  it('render the medallists and the records pages', async () => {
    const medallists = await (await page('/medal/medalists')).text();
    expect(medallists).toContain('广东');
    expect(medallists).toContain('游泳');
    const records = await page('/record');
    expect(records.status).toBe(200);
    expect(await records.text()).toContain('暂无数据');
  });

  it('redirect / by device and sections to their first child', async () => {
    const desktop = await page('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150' });
    expect(desktop.status).toBe(302);
    expect(desktop.headers.get('location')).toBe('/schedule/total');
    const phone = await page('/', {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
    });
    expect(phone.headers.get('location')).toBe('/scheduleMobile');
    expect((await page('/schedule')).headers.get('location')).toBe('/schedule/total');
    expect((await page('/medal')).headers.get('location')).toBe('/medal/ranking');
  });

  it('answer an unknown path with the 404 page, linking to the schedule', async () => {
    const res = await page('/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('页面未找到');
    expect(html).toContain('href="/schedule/total"');
  });

  it('carry no inline script the policy does not name by hash; the hydration data is JSON, not code', async () => {
    const res = await page('/schedule/total');
    const csp = res.headers.get('content-security-policy')!;
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, code] of scripts) {
      if (/\bsrc=/.test(attributes!)) continue;
      if (/type="application\/json"/.test(attributes!)) {
        expect(() => JSON.parse(code!)).not.toThrow();
        continue;
      }
      const hash = createHash('sha256').update(code!).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    const data = /<script type="application\/json" id="podium-hydration">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!).loaderData).toBeDefined();
  });

  it('name the boot script by its hash, the same on every page and for every build', async () => {
    const data = { document: async <T>(type: string, code: string) => service.store.json<T>(type, code) };
    // One hash for every build's entry: the code is the same (a cache can send the policy itself).
    const hash = bootScriptHash();
    for (const [path, entry] of [
      ['/schedule/total', '/assets/entry-abc.js'],
      ['/medal/ranking', '/assets/entry-other.js'],
    ] as const) {
      const result = await render(new Request(`http://podium.test${path}`), { data, scripts: [entry], styles: [] });
      if (result.kind !== 'page') throw new Error('expected a page');
      let html = '';
      for await (const chunk of result.stream) html += String(chunk);
      const [, attributes, boot] = /<script( data-scripts="[^"]*")?>([\s\S]*?)<\/script>/.exec(html)!;
      expect(`'sha256-${createHash('sha256').update(boot!).digest('base64')}'`).toBe(hash);
      expect(attributes).toBe(` data-scripts="${entry}"`);
      // A name in the data cannot close the JSON script: '<' is escaped.
      expect(html.match(/<\/script>/g)).toHaveLength(2);
    }
  });
});
