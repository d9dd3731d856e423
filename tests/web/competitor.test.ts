import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import {
  athleteSearchText,
  filterLines,
  listSearch,
  pageOf,
  pageWindow,
  personName,
  readQuery,
  teamSearchText,
  type CompetitorLine,
} from '../../src/web/data/competitors';
import { openDemoService } from '../support/demoService';

const ZHANG: CompetitorLine = ['1001', 'GDG', 'M', 'SWM OWS', 'ZHANG', 'Wei', '张', '伟', '張', '偉'];
const DYKE: CompetitorLine = ['1002', 'SHH', 'W', 'ATH', 'van DYKE', 'Anna-marie', '范', '安娜'];
const LI: CompetitorLine = ['1003', 'GDG', 'W', 'ATH', 'LI', 'Na'];
const LINES = [ZHANG, DYKE, LI];
const query = (text: string) => readQuery(new URLSearchParams(text));

describe('competitor list search', () => {
  it('reads the query: spaces collapsed, codes upper-cased, a bad page is the first', () => {
    expect(query('q=  Zhang   Wei &org=gdg&discipline=swm&page=3')).toEqual({
      q: 'Zhang Wei',
      org: 'GDG',
      discipline: 'SWM',
      page: 3,
    });
    expect(query('page=-2').page).toBe(1);
    expect(query('page=abc').page).toBe(1);
    expect(query(`q=${'x'.repeat(500)}`).q).toHaveLength(100);
  });

  it('finds a name in any language and order, case-insensitively, anywhere in it', () => {
    const codes = (q: string) => filterLines(LINES, query(q), athleteSearchText).map((l) => l[0]);
    expect(codes('q=zhang')).toEqual(['1001']);
    expect(codes('q=WEI ZHANG')).toEqual(['1001']);
    expect(codes('q=张伟')).toEqual(['1001']);
    expect(codes('q=張偉')).toEqual(['1001']);
    expect(codes('q=dyke')).toEqual(['1002']);
    expect(codes('q=an')).toEqual(['1001', '1002']);
    expect(codes('q=1003')).toEqual(['1003']);
    expect(codes('q=nobody')).toEqual([]);
  });

  it('narrows by delegation and by sport, and combines them with the name', () => {
    const codes = (q: string) => filterLines(LINES, query(q), athleteSearchText).map((l) => l[0]);
    expect(codes('org=GDG')).toEqual(['1001', '1003']);
    expect(codes('discipline=ATH')).toEqual(['1002', '1003']);
    expect(codes('discipline=OWS')).toEqual(['1001']);
    // A sport code is matched whole, not as part of another.
    expect(codes('discipline=AT')).toEqual([]);
    expect(codes('org=GDG&discipline=ATH')).toEqual(['1003']);
    expect(codes('org=GDG&q=zhang')).toEqual(['1001']);
    expect(codes('')).toEqual(['1001', '1002', '1003']);
  });

  it('searches team names too', () => {
    const team: CompetitorLine = ['GDG01', 'GDG', 'M', 'BKB', 'Guangdong', '广东', '廣東'];
    expect(filterLines([team], query('q=guang'), teamSearchText)).toHaveLength(1);
    expect(filterLines([team], query('q=廣東'), teamSearchText)).toHaveLength(1);
    expect(filterLines([team], query('q=beijing'), teamSearchText)).toHaveLength(0);
  });

  it('pages: a page past the last gives the last, and the pager shows the ends and the pages around', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(items, 1)).toEqual({ items: items.slice(0, 50), page: 1, pages: 3 });
    expect(pageOf(items, 3).items).toEqual(items.slice(100));
    expect(pageOf(items, 99).page).toBe(3);
    expect(pageOf([], 4)).toEqual({ items: [], page: 1, pages: 1 });
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, null, 20]);
  });

  it('keeps the search in page links, leaving empty fields out', () => {
    expect(listSearch({ q: 'Li Na', org: '', discipline: 'ATH' }, 2)).toBe('?q=Li+Na&discipline=ATH&page=2');
    expect(listSearch({ q: '', org: '', discipline: '' }, 1)).toBe('');
  });

  it('shows names by the display rules, in the language of the locale', () => {
    const names = { ENG: ['van DYKE', 'anna-marie'] as [string, string], CHI: ['范', '安娜'] as [string, string] };
    expect(personName(names, 'en_US')).toBe('van DYKE Anna-Marie');
    expect(personName(names, 'zh_CN')).toBe('范安娜');
    // No Traditional name: the Simplified one is the nearest.
    expect(personName(names, 'zh_HK')).toBe('范安娜');
    expect(personName({ ENG: ['-', 'Madonna'] }, 'zh_CN')).toBe('MADONNA');
  });
});

/** The pages, rendered by the service over the demo games; expectations come from the feed's own documents. */
let service: Service;
let server: Server;
let base: string;

interface RawParticipant {
  Code: string;
  Organisation?: string;
  FamilyName?: string;
  GivenName?: string;
  /** DT_PARTIC's names in the local language. */
  LocalFamilyName?: string;
  LocalGivenName?: string;
  Discipline?: { Code: string }[];
}
let participants: RawParticipant[];
let teamCount: number;

beforeAll(async () => {
  service = await openDemoService();
  const raw = (type: string, element: string) =>
    service.store
      .listByType(type)
      .flatMap((doc) => (JSON.parse(doc.body) as { Competition: Record<string, unknown[]>[] }).Competition)
      .flatMap((competition) => (competition[element] ?? []) as RawParticipant[]);
  participants = [...new Map(raw('DT_PARTIC', 'Participant').map((p) => [p.Code, p])).values()];
  teamCount = new Set(raw('DT_PARTIC_TEAMS', 'Team').map((t) => t.Code)).size;
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

const page = (path: string) => fetch(`${base}${path}`, { redirect: 'manual' });
const html = async (path: string) => {
  const res = await page(path);
  expect(res.status).toBe(200);
  return res.text();
};
const tbody = (text: string) => text.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0] ?? '';
const rowCount = (text: string) => (tbody(text).match(/<tr\b/g) ?? []).length;
const caption = (text: string) => text.match(/<caption>([\s\S]*?)<\/caption>/)?.[1] ?? '';
const competitorLinks = (text: string) => [...tbody(text).matchAll(/href="\/competitor\/([^"]+)"/g)].map((m) => m[1]);
const chinese = (p: RawParticipant) => `${p.LocalFamilyName ?? ''}${p.LocalGivenName ?? ''}`;

describe('/competitor lists', () => {
  it('go from /competitor to the athletes, listing all of them 50 a page with a labelled search form', async () => {
    expect((await page('/competitor')).headers.get('location')).toBe('/competitor/individuals');
    const list = await html('/competitor/individuals');
    expect(caption(list)).toContain(`共 ${participants.length} 名运动员`);
    expect(caption(list)).toContain(`第 1 页，共 ${Math.ceil(participants.length / 50)} 页`);
    expect(rowCount(list)).toBe(50);
    // The page's own form, in its main part (the header has the site search).
    const form = /<main[\s\S]*?(<form\b[^>]*>)/.exec(list)![1]!;
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/competitor/individuals"');
    expect(list).toMatch(/<label><span>姓名<\/span><input type="search"[^>]* name="q"/);
    expect(list).toMatch(/<label><span>代表团<\/span><select name="org"/);
    expect(list).toMatch(/<label><span>竞赛项目<\/span><select name="discipline"/);
    expect(list).toContain('<th scope="col">性别</th>');
    expect(list).toMatch(/aria-current="page"[^>]*>1</);
    expect(list).toContain('href="/competitor/individuals?page=2"');
  });

  it('show another page of athletes, and the last for a page past it', async () => {
    const first = competitorLinks(await html('/competitor/individuals'));
    const second = competitorLinks(await html('/competitor/individuals?page=2'));
    expect(second).toHaveLength(50);
    expect(second.filter((code) => first.includes(code))).toEqual([]);
    const last = await html('/competitor/individuals?page=100000');
    expect(rowCount(last)).toBe(participants.length % 50 || 50);
  });

  it('find an athlete by English name in either order and by Chinese name', async () => {
    const athlete = participants.find((p) => p.FamilyName && p.GivenName && chinese(p))!;
    const byEnglish = await html(
      `/competitor/individuals?q=${encodeURIComponent(`${athlete.GivenName} ${athlete.FamilyName}`.toLowerCase())}`,
    );
    expect(competitorLinks(byEnglish)).toContain(athlete.Code);
    expect(rowCount(byEnglish)).toBeLessThan(50);
    const reversed = await html(
      `/competitor/individuals?q=${encodeURIComponent(`${athlete.FamilyName} ${athlete.GivenName}`)}`,
    );
    expect(competitorLinks(reversed)).toContain(athlete.Code);
    const byChinese = await html(`/competitor/individuals?q=${encodeURIComponent(chinese(athlete))}`);
    expect(competitorLinks(byChinese)).toContain(athlete.Code);
    expect(byChinese).toContain(`>${chinese(athlete)}</a>`);
    // The field keeps the search.
    expect(byChinese).toContain(`value="${chinese(athlete)}"`);
  });

  it('narrow by delegation and by sport, as many as the entry lists name', async () => {
    const org = participants[0]!.Organisation!;
    const ofOrg = participants.filter((p) => p.Organisation === org);
    const byOrg = await html(`/competitor/individuals?org=${org}`);
    expect(caption(byOrg)).toContain(`共 ${ofOrg.length} 名运动员`);
    const delegationLinks = [...tbody(byOrg).matchAll(/href="\/delegation\/([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(delegationLinks)).toEqual(new Set([org]));
    // The marathon's thousands of runners: many pages.
    const runners = participants.filter((p) => p.Discipline?.some((d) => d.Code.startsWith('ATM')));
    expect(runners.length).toBeGreaterThan(5000);
    const marathon = await html('/competitor/individuals?discipline=ATM&page=3');
    expect(caption(marathon)).toContain(`共 ${runners.length} 名运动员`);
    expect(caption(marathon)).toContain(`第 3 页，共 ${Math.ceil(runners.length / 50)} 页`);
    expect(marathon).toContain('href="/competitor/individuals?discipline=ATM&amp;page=4"');
    const both = await html(`/competitor/individuals?discipline=ATM&org=${org}`);
    const expected = runners.filter((p) => p.Organisation === org).length;
    expect(caption(both)).toContain(`共 ${expected} 名运动员`);
  });

  it('say when a search finds nobody', async () => {
    const none = await html('/competitor/individuals?q=zzqqxx');
    expect(none).toContain('没有找到相关结果');
    expect(rowCount(none)).toBe(0);
    expect(await html('/competitor/individuals?q=zzqqxx&lang=en_US')).toContain('No results found');
  });

  it('list the teams', async () => {
    const teams = await html('/competitor/teams?lang=en_US');
    expect(caption(teams)).toContain(`${teamCount} teams`);
    expect(teams).toContain('action="/competitor/teams"');
  });
});

interface Medallist {
  event: string;
  medal: string;
  competitor: { code?: string; type?: string; organisation?: string; members?: { code?: string }[] };
}

describe('/competitor/{code}', () => {
  it('show a gold medallist: name, delegation, medal, and results linking to their units', async () => {
    const medallists = service.store.json<{ medallists: Medallist[] }>('MEDALLISTS', 'ALL')!.medallists;
    const gold = medallists.find((m) => m.medal === 'GOLD' && m.competitor.type === 'A' && m.competitor.code)!;
    const athlete = participants.find((p) => p.Code === gold.competitor.code)!;
    const page = await html(`/competitor/${athlete.Code}`);
    expect(page).toContain(`<h1 id="competitor-name">${chinese(athlete)}</h1>`);
    expect(page).toContain(`href="/delegation/${athlete.Organisation}"`);
    expect(page).toContain('金牌');
    // A unit of the event it won, from its result.
    const unitLinks = [...page.matchAll(/href="\/([A-Z0-9]{3}[A-Z0-9-]{31})"/g)].map((m) => m[1]!);
    expect(unitLinks.some((unit) => unit.startsWith(gold.event.replace(/-+$/, '')))).toBe(true);
    const english = await html(`/competitor/${athlete.Code}?lang=en_US`);
    expect(english).toContain(`<h1 id="competitor-name">${athlete.FamilyName!.toUpperCase()} `);
    expect(english).toContain('Gold');
  });

  it('show a team with links to its members, and a member with the team', async () => {
    const team = service.store
      .listByType('DT_PARTIC_TEAMS')
      .flatMap(
        (d) =>
          (
            JSON.parse(d.body) as {
              Competition: { Team?: { Code: string; Composition?: { Athlete: { Code: string }[] }[] }[] }[];
            }
          ).Competition,
      )
      .flatMap((c) => c.Team ?? [])
      .find((t) => (t.Composition?.[0]?.Athlete.length ?? 0) > 1)!;
    const page = await html(`/competitor/${team.Code}`);
    for (const member of team.Composition![0]!.Athlete) expect(page).toContain(`href="/competitor/${member.Code}"`);
    const member = await html(`/competitor/${team.Composition![0]!.Athlete[0]!.Code}`);
    expect(member).toContain(`href="/competitor/${team.Code}"`);
  });

  it('answer 404 with the not-found page for an unknown code', async () => {
    const res = await page('/competitor/NOSUCH000');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('页面未找到');
  });
});
