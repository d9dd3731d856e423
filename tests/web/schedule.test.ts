/**
 * The schedule section, rendered by the service over the real demo games: the grid, the daily
 * list, a delegation's schedule, the non-competition entries and the phone page, each checked
 * against the documents the store holds.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareScheduleEntries, startDay } from '../../src/core/schedule/order';
import { readConfig } from '../../src/server/config';
import type { ScheduleUnit } from '../../src/server/derive/schedule';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';
import { openDemoService } from '../support/demoService';

let demo: Service;
let empty: Service;
const servers: Server[] = [];
let base: string;
let emptyBase: string;

async function serve(service: Service): Promise<string> {
  const server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  demo = await openDemoService();
  empty = await memoryService();
  base = await serve(demo);
  emptyBase = await serve(empty);
}, 300_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  demo?.close();
  empty?.close();
});

async function html(path: string, from = base): Promise<string> {
  const res = await fetch(`${from}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

const units = (type: string, code: string) => demo.store.json<{ units: ScheduleUnit[] }>(type, code)?.units ?? [];
/** Every unit of the games, discipline by discipline, each list in schedule order. */
const byDiscipline = () =>
  demo.store.listByType('SCHEDULE_DISCIPLINE').map((d) => (JSON.parse(d.body) as { units: ScheduleUnit[] }).units);
const sportCodes = () => new Set(demo.sports.map((s) => s.code));
/** Unit pages linked from a page, in page order. */
const unitLinks = (page: string) => [...page.matchAll(/href="\/([A-Z0-9]{3}[A-Z0-9-]{31})"/g)].map((m) => m[1]!);
const count = (page: string, text: string) => page.split(text).length - 1;

const LIVE_DAY = '2025-11-17';

/**
 * The whole grid as a page holds it: the `<noscript>` copy of the table when the first HTML draws
 * only a first screen of rows (laterRows/), the page otherwise.
 */
const wholeGrid = (page: string) => /<noscript id="[^"]+">([\s\S]*?)<\/noscript>/.exec(page)?.[1] ?? page;
/** The body rows' disciplines of a table's HTML, in order (the non-competition row as "non"). */
const bodyRows = (table: string) =>
  [
    ...(/<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '').matchAll(/<tr( class="schedule-grid-non")?>.*?<\/tr>/g),
  ].map((m) => (m[1] ? 'non' : /href="\/discipline\/([A-Z0-9]{3})"/.exec(m[0])![1]!));

describe('/schedule/total: disciplines by days', () => {
  it('marks every day a discipline competes, with the medal events it decides that day', async () => {
    const page = wholeGrid(await html('/schedule/total'));
    const shown = new Map<string, string>();
    for (const m of page.matchAll(
      /class="schedule-grid-(?:medals|dot)" href="\/schedule\/daily\?date=([\d-]+)&amp;discipline=([A-Z0-9]{3})"[^>]*? aria-label="([^"]+)">([^<]*)<\/a>/g,
    )) {
      shown.set(`${m[2]} ${m[1]}`, m[4]!);
      // Read aloud in words: the link's name, as the visible dot or number cannot say it.
      expect(m[3]).toBe(m[4] === '●' ? '有比赛' : `${m[4]}个奖牌项目`);
    }

    // Expected from the discipline schedules: an event is decided on the day of its last medal unit.
    const sports = sportCodes();
    const expected = new Map<string, string>();
    const decided = new Map<string, number>();
    for (const list of byDiscipline()) {
      const lastMedalUnit = new Map<string, ScheduleUnit>();
      for (const unit of list) {
        if (!sports.has(unit.discipline)) continue;
        const day = startDay(unit.start);
        if (day) expected.set(`${unit.discipline} ${day}`, '●');
        if (unit.medal) lastMedalUnit.set(unit.event, unit);
      }
      for (const unit of lastMedalUnit.values()) {
        const key = `${unit.discipline} ${startDay(unit.start)}`;
        decided.set(key, (decided.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of decided) expected.set(key, String(n));
    expect(Object.fromEntries([...shown].sort())).toEqual(Object.fromEntries([...expected].sort()));

    // Medal events per day in the footer, and their sum.
    const days = [...new Set([...expected.keys()].map((k) => k.slice(4)))].sort();
    const footer = /<tfoot>(.*?)<\/tfoot>/.exec(page)![1]!;
    const totals = [...footer.matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    const perDay = (day: string) => [...decided].filter(([k]) => k.endsWith(day)).reduce((s, [, n]) => s + n, 0);
    const columns = [...page.matchAll(/<th scope="col"[^>]*><a href="\/schedule\/daily\?date=([\d-]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(columns).toEqual(expect.arrayContaining(days));
    expect(totals).toEqual([...columns.map(perDay), [...decided.values()].reduce((a, b) => a + b, 0)]);
    expect(totals.at(-1)).toBeGreaterThan(100);
  });

  it('names each discipline in the language, links it to its page, and marks the ceremonies and the current day', async () => {
    const page = await html('/schedule/total');
    expect(page).toContain('<a href="/discipline/ATH">田径</a>');
    const rows = [...page.matchAll(/<th scope="row"><a href="\/discipline\/([A-Z0-9]{3})"/g)].map((m) => m[1]);
    expect(new Set(rows)).toEqual(sportCodes());
    const non = /<tr class="schedule-grid-non">(.*?)<\/tr>/.exec(page)![1]!;
    expect([...non.matchAll(/href="\/schedule\/non#day-([\d-]+)"/g)].map((m) => m[1])).toEqual([
      '2025-11-08',
      '2025-11-09',
      '2025-11-21',
    ]);
    expect(page).toMatch(
      new RegExp(`<th scope="col" aria-current="date"[^>]*><a href="/schedule/daily\\?date=${LIVE_DAY}"`),
    );
    const english = await html('/schedule/total?lang=en_US');
    expect(english).toContain('>Athletics</a>');
    expect(english).toContain('<span class="day-weekday">Mon<!-- --> </span><span class="day-date">Nov 17</span>');
    expect(await html('/schedule/total?lang=zh_HK')).toContain('>田徑</a>');
  });

  it('draws a first screen of disciplines, and holds the whole grid for the boot script and a reader without scripts', async () => {
    const page = await html('/schedule/total');
    const whole = wholeGrid(page);
    expect(whole).not.toBe(page);
    const all = bodyRows(whole);
    const drawn = bodyRows(page.slice(0, page.indexOf('<noscript')));
    expect(all[0]).toBe('non');
    expect(new Set(all.slice(1))).toEqual(sportCodes());
    // A phone's first screen (823 px, rows of 39 px under the header and filters), the first rows.
    expect(drawn.length).toBeGreaterThanOrEqual(10);
    expect(drawn.length).toBeLessThan(16);
    expect(drawn).toEqual(all.slice(0, drawn.length));
    // The later rows' body: which copy to read, how many of its rows are drawn, room for the rest.
    const later =
      /<tbody data-later-rows="([^"]+)" data-later-skip="(\d+)"><tr class="later-rows-space" aria-hidden="true" style="--later-rows:(\d+)"><\/tr><\/tbody>/.exec(
        page,
      );
    expect(later).not.toBeNull();
    expect(page).toContain(`<noscript id="${later![1]}">`);
    expect(Number(later![2])).toBe(drawn.length);
    expect(Number(later![3])).toBe(all.length - drawn.length);
    // The partial grid is marked, so a browser that runs no scripts shows the whole one instead.
    expect(page).toMatch(/<div class="schedule-grid-scroll"[^>]* data-later-partial="">/);
    // A grid as short as a screen is drawn whole.
    const one = await html('/schedule/total?discipline=SWM');
    expect(one).not.toContain('<noscript');
    expect(one).not.toMatch(/<tbody data-later-rows|data-later-partial=""/);
  });

  it('filters by sport and by venue with a plain GET form, and says when nothing matches', async () => {
    const page = await html('/schedule/total?discipline=SWM');
    expect(page).toMatch(/<form class="schedule-filters"[^>]*action="\/schedule\/total" method="get">/);
    expect(page).toMatch(/<label for="([^"]+)">项目<\/label><select id="\1" name="discipline">/);
    expect(page).toContain('<option value="SWM" selected="">游泳</option>');
    expect([...page.matchAll(/<th scope="row"><a href="\/discipline\/([A-Z0-9]{3})"/g)].map((m) => m[1])).toEqual([
      'SWM',
    ]);
    expect(page).not.toContain('schedule-grid-non');

    const atStadium = await html('/schedule/total?venue=GOS');
    const there = new Set(
      byDiscipline()
        .flat()
        .filter((u) => u.venue === 'GOS' && sportCodes().has(u.discipline))
        .map((u) => u.discipline),
    );
    expect(
      new Set([...atStadium.matchAll(/<th scope="row"><a href="\/discipline\/([A-Z0-9]{3})"/g)].map((m) => m[1])),
    ).toEqual(there);
    // The opening ceremony is at the stadium; the village and closing ceremonies are elsewhere.
    const non = /<tr class="schedule-grid-non">(.*?)<\/tr>/.exec(atStadium)![1]!;
    expect([...non.matchAll(/#day-([\d-]+)/g)].map((m) => m[1])).toEqual(['2025-11-09']);

    const nothing = await html('/schedule/total?discipline=SWM&venue=GOS');
    expect(nothing).toContain('没有找到相关结果');
    expect(nothing).not.toContain('schedule-grid"');
  });
});

describe('/schedule/daily: one day', () => {
  it('opens on the day the games are at, listing its units in schedule order with time, status and medal marks', async () => {
    const page = await html('/schedule/daily');
    expect(page).toMatch(new RegExp(`<a aria-current="page" href="/schedule/daily\\?date=${LIVE_DAY}"`));
    const day = units('SCHEDULE_DAY', LIVE_DAY);
    expect(unitLinks(page)).toEqual(day.map((u) => u.code));
    for (let i = 1; i < day.length; i += 1) {
      const [a, b] = [day[i - 1]!, day[i]!];
      const order = compareScheduleEntries(
        { start: a.start, order: a.order, orderOnly: a.hideStartDate },
        { start: b.start, order: b.order, orderOnly: b.hideStartDate },
      );
      expect(order, `${a.code} before ${b.code}`).toBeLessThanOrEqual(0);
    }
    const first = day[0]!;
    expect(page).toContain(`<time dateTime="${first.start}">${first.start!.slice(11, 16)}</time>`);
    expect(page).toContain('当地时间 UTC+08:00');
    for (const status of ['FINISHED', 'RUNNING', 'SCHEDULED']) {
      const n = day.filter((u) => u.status === status).length;
      expect(n, status).toBeGreaterThan(0);
      expect(count(page, `class="status status-${status.toLowerCase()}"`), status).toBe(n);
    }
    expect(count(page, 'class="medal-mark"')).toBe(day.filter((u) => u.medal).length);
  });

  it('narrows by sport and venue, keeps the filters on the day strip, and tells "nothing matches" from "no data"', async () => {
    const date = '2025-11-15';
    const page = await html(`/schedule/daily?date=${date}&discipline=SWM`);
    const swimming = units('SCHEDULE_DAY', date).filter((u) => u.discipline === 'SWM');
    expect(swimming.length).toBeGreaterThan(0);
    expect(unitLinks(page)).toEqual(swimming.map((u) => u.code));
    expect(page).toContain('href="/schedule/daily?date=2025-11-16&amp;discipline=SWM"');
    expect(page).toContain('<input type="hidden" name="date" value="2025-11-15"/>');

    const venue = swimming[0]!.venue!;
    const atVenue = await html(`/schedule/daily?date=${date}&venue=${venue}`);
    expect(unitLinks(atVenue)).toEqual(
      units('SCHEDULE_DAY', date)
        .filter((u) => u.venue === venue)
        .map((u) => u.code),
    );

    // Athletics is over by the 17th.
    expect(units('SCHEDULE_DAY', LIVE_DAY).some((u) => u.discipline === 'ATH')).toBe(false);
    const none = await html(`/schedule/daily?date=${LIVE_DAY}&discipline=ATH`);
    expect(none).toContain('没有找到相关结果');
    expect(none).not.toContain('暂无数据');
  });

  it('lists a ceremony on its day without a unit page link', async () => {
    const page = await html('/schedule/daily?date=2025-11-09&lang=en_US');
    expect(page).toContain('Opening Ceremony');
    expect(page).toContain('Non-competition');
    expect(page).not.toContain('href="/CER');
  });
});

describe('/schedule/delegation', () => {
  it('asks for a delegation, offering them all', async () => {
    const page = await html('/schedule/delegation');
    expect(page).toContain('请选择代表团，查看其赛程。');
    expect(page).toContain('<option value="GDG">广东</option>');
    expect(unitLinks(page)).toEqual([]);
  });

  it("shows a delegation's units grouped by day: all days, one day (the current by default), one sport", async () => {
    const all = units('SCHEDULE_DELEGATION', 'GDG');
    const page = await html('/schedule/delegation?org=GDG&date=all');
    expect(unitLinks(page)).toEqual(all.map((u) => u.code));
    const headings = [
      ...page.matchAll(
        /<h2 id="[^"]+"><span class="day-weekday">[^<]*<!-- --> <\/span><span class="day-date">([^<]+)</g,
      ),
    ];
    expect(headings.map((m) => m[1])).toEqual(
      [...new Set(all.map((u) => startDay(u.start)!))].map((d) => `${Number(d.slice(5, 7))}月${Number(d.slice(8))}日`),
    );

    const today = await html('/schedule/delegation?org=GDG');
    expect(unitLinks(today)).toEqual(all.filter((u) => startDay(u.start) === LIVE_DAY).map((u) => u.code));

    const swimming = await html('/schedule/delegation?org=GDG&date=all&discipline=SWM');
    const expected = all.filter((u) => u.discipline === 'SWM').map((u) => u.code);
    expect(expected.length).toBeGreaterThan(0);
    expect(unitLinks(swimming)).toEqual(expected);

    expect(await html('/schedule/delegation?org=ZZZ')).toContain('暂无数据');
  });
});

describe('/schedule/non: ceremonies and other non-competition entries', () => {
  it('lists them by day, with venue and status, not as unit pages', async () => {
    const page = await html('/schedule/non');
    expect([...page.matchAll(/<section id="day-([\d-]+)"/g)].map((m) => m[1])).toEqual([
      '2025-11-08',
      '2025-11-09',
      '2025-11-21',
    ]);
    for (const name of ['运动员村开村仪式', '开幕式', '闭幕式', '广东奥林匹克体育场']) expect(page).toContain(name);
    expect(page).toMatch(/开幕式.*?class="status status-finished"/);
    expect(page).toMatch(/闭幕式.*?class="status status-scheduled"/);
    expect(page).not.toContain('href="/CER');
  });
});

describe('/scheduleMobile', () => {
  it('has no site header or footer, a day calendar on the current day, and the day as cards', async () => {
    const page = await html('/scheduleMobile');
    expect(page).not.toContain('site-header');
    expect(page).not.toContain('site-footer');
    expect(page).not.toMatch(/<header|<footer/);
    expect(page).toContain('<nav class="sm-calendar" aria-label="比赛日">');
    expect(page).toMatch(
      new RegExp(
        `<a aria-current="page" href="/scheduleMobile\\?date=${LIVE_DAY}"[^>]*><span class="day-weekday">周一<!-- --> </span><span class="day-date">11月17日</span><small>\\d+ 个场次</small><span class="schedule-medal-dot"`,
      ),
    );
    const day = units('SCHEDULE_DAY', LIVE_DAY);
    expect(count(page, 'class="sm-card"')).toBe(day.length);
    expect(unitLinks(page)).toEqual(day.map((u) => u.code));
    expect(page).toContain('<a class="sm-full" href="/schedule/total"');
  });

  it('filters by sport, keeping the sport on the calendar', async () => {
    const page = await html('/scheduleMobile?date=2025-11-15&discipline=SWM');
    expect(unitLinks(page)).toEqual(
      units('SCHEDULE_DAY', '2025-11-15')
        .filter((u) => u.discipline === 'SWM')
        .map((u) => u.code),
    );
    expect(page).toContain('href="/scheduleMobile?date=2025-11-16&amp;discipline=SWM"');
  });
});

describe('an empty games', () => {
  it('shows the no-data text on every schedule page, filtered or not', async () => {
    for (const path of [
      '/schedule/total',
      '/schedule/total?discipline=SWM',
      '/schedule/daily',
      '/schedule/daily?discipline=SWM',
      '/schedule/delegation?org=GDG',
      '/schedule/non',
      '/scheduleMobile',
    ]) {
      const page = await html(path, emptyBase);
      expect(page, path).toContain('暂无数据');
      expect(page, path).not.toContain('没有找到相关结果');
    }
  });
});
