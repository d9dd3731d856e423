/**
 * A feed written to the ODF standard reads in Chinese (issue 23): results name people in English only,
 * the entry lists give their names in the games' language. Every person the English page shows must
 * be named in Simplified Chinese on zh_CN and in Traditional on zh_HK, in the server-rendered HTML
 * with its scripts stripped (what a reader without scripts, a search engine and the offline copy
 * read), and in the PDF reports read back with pdftotext.
 */
import { execFileSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '../../src/core/names';
import { eventOf } from '../../src/core/rsc';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import {
  entryLists,
  exampleMessages,
  medallists,
  namedInFeed,
  schedules,
  type FeedPerson,
} from '../support/odfNamesFeed';
import { memoryService } from './helpers';
import { DELEGATIONS } from '../../src/server/reference/delegations';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';

/** Sports whose examples name people every way a page does: relays, players, pairs, judges, brackets, pools. */
const SPORTS = ['ATH', 'SWM', 'BKB', 'FBL', 'JUD', 'FEN', 'TTE', 'VBV', 'DIV', 'GAR'];
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'hk' });
const LOCALES = ['zh_CN', 'zh_HK', 'en_US'] as const;

let service: Service;
let server: Server;
let base: string;
const messages = exampleMessages(SPORTS);
const { people, teams } = namedInFeed(messages);
const medals = medallists(messages);

beforeAll(async () => {
  service = await memoryService();
  const ingest = (xml: string, what: string) => {
    const outcome = service.ingestor.ingest(Buffer.from(xml), 'test');
    expect(outcome.outcome, `${what}: ${JSON.stringify(outcome)}`).toBe('stored');
  };
  for (const schedule of schedules(messages)) ingest(schedule, 'schedule');
  for (const list of entryLists(people, teams)) ingest(list, 'entry list');
  for (const message of messages) ingest(message.xml, `${message.sport}/${message.file}`);
  for (const list of medals) ingest(list, 'medallists');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

/** A page's HTML without its scripts (the hydration data among them) and tags, entities decoded. */
async function pageText(path: string): Promise<string> {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const english = (p: FeedPerson) => displayName({ family: p.family, given: p.given });
const chinese = (p: FeedPerson) => `${p.localFamily}${p.localGiven}`;
/**
 * Family and given names converted apart: a surname is not read as part of a word (朱 stays 朱, not
 * 硃), nor a given name (云云 is two clouds, 雲雲, not the word 云云). The feed's names use no surname
 * or character the name conversion keeps (src/server/odf/surnames/hongKong.json; tests/server/personNames.test.ts).
 */
const traditional = (p: FeedPerson) =>
  `${toTraditional(p.localFamily)}${[...p.localGiven].map((character) => toTraditional(character)).join('')}`;

/** Who a page shows, read off its English version: then each must be named in Chinese on the others. */
async function checkPage(path: string, candidates: readonly FeedPerson[]) {
  const join = path.includes('?') ? '&' : '?';
  const [zhCN, zhHK, enUS] = await Promise.all(LOCALES.map((l) => pageText(`${path}${join}lang=${l}`)));
  const shown = candidates.filter((p) => enUS!.includes(english(p)));
  const missing = {
    zh_CN: shown.filter((p) => !zhCN!.includes(chinese(p))).map(english),
    zh_HK: shown.filter((p) => !zhHK!.includes(traditional(p))).map(english),
    englishOnChinese: shown.filter((p) => zhCN!.includes(english(p))).map(english),
  };
  return { shown: shown.length, missing };
}

/** The people the messages about a unit (or event) name by code: English names repeat across the examples. */
function namedIn(xml: string): FeedPerson[] {
  const named = people.filter((p) => xml.includes(`Code="${p.code}"`));
  // Two people of one unit with one English name (a player and a coach) cannot be told apart on the page.
  return named.filter((p) => named.filter((q) => english(q) === english(p)).length === 1);
}
const unitTabs = (sport: string): string[] =>
  (JSON.parse(readFileSync(join(ROOT, 'sports', sport, 'sport.json'), 'utf8')) as { unitTabs: string[] }).unitTabs;

describe('a feed in ODF shape, named in Chinese by the entry lists', () => {
  it('has no Chinese in its results: every Chinese name comes from DT_PARTIC', () => {
    expect(people.length).toBeGreaterThan(100);
    for (const message of messages) expect(message.xml, message.file).not.toMatch(/Language="CHI"|[\u4e00-\u9fff]/);
  });

  it('names every person of every unit tab in Chinese and Traditional, with scripts stripped', async () => {
    const units = [...new Set(messages.filter((m) => m.type === 'DT_RESULT').map((m) => m.code))];
    let shown = 0;
    const failures: string[] = [];
    for (const code of units) {
      const about = namedIn(
        messages
          .filter((m) => m.code === code)
          .map((m) => m.xml)
          .join('\n'),
      );
      for (const tab of unitTabs(code.slice(0, 3))) {
        const check = await checkPage(`/${code}?tab=${tab}`, about);
        shown += check.shown;
        for (const [where, names] of Object.entries(check.missing))
          if (names.length > 0) failures.push(`${code} ${tab} ${where}: ${names.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    // Relay runners, players, judges and referees are among them.
    expect(shown).toBeGreaterThan(200);
  }, 300_000);

  it('names brackets and pool tables by the entry lists too', async () => {
    const failures: string[] = [];
    let shown = 0;
    let teamsShown = 0;
    for (const message of messages.filter((m) => m.type === 'DT_BRACKETS' || m.type === 'DT_POOL_STANDING')) {
      const page = message.type === 'DT_BRACKETS' ? 'brackets' : 'poolstanding';
      const path = `/${message.sport}/${page}?event=${eventOf(message.code)}`;
      const check = await checkPage(path, namedIn(message.xml));
      shown += check.shown;
      for (const [where, names] of Object.entries(check.missing))
        if (names.length > 0) failures.push(`${path} ${where}: ${names.join(', ')}`);
      // Teams: by their delegation's name in the code tables.
      const [zh, en] = await Promise.all([pageText(`${path}&lang=zh_CN`), pageText(`${path}&lang=en_US`)]);
      for (const team of teams.filter((t) => message.xml.includes(`Code="${t.code}"`) && en.includes(t.name))) {
        const delegation = DELEGATIONS.find(([code]) => code === team.organisation)!;
        if (!zh.includes(delegation[1])) failures.push(`${path} team ${team.name}: no ${delegation[1]}`);
        teamsShown += 1;
      }
    }
    expect(failures).toEqual([]);
    expect(shown).toBeGreaterThan(10);
    expect(teamsShown).toBeGreaterThan(10);
  }, 120_000);

  it('names medallists, delegations, competitors and search hits by the entry lists', async () => {
    expect(medals.length).toBeGreaterThan(3);
    const medalXml = medals.join('\n');
    const medallistPeople = namedIn(medalXml).filter(
      (p) => people.filter((q) => english(q) === english(p)).length === 1,
    );
    expect(medallistPeople.length).toBeGreaterThan(4);
    const failures: string[] = [];
    const pages = [
      '/medal/medalists',
      '/final?date=2025-11-14',
      '/record',
      ...['GDG', 'SHH'].map((org) => `/delegation/${org}/medalists`),
      ...['GDG', 'SHH'].map((org) => `/delegation/${org}/competitor`),
      '/competitor/individuals',
      ...medallistPeople.slice(0, 5).map((p) => `/competitor/${p.code}`),
    ];
    let shown = 0;
    // Pages of the whole games: only people whose English name no one else of the feed has.
    const unique = people.filter((p) => people.filter((q) => english(q) === english(p)).length === 1);
    for (const path of pages) {
      const check = await checkPage(path, unique);
      shown += check.shown;
      for (const [where, names] of Object.entries(check.missing))
        if (names.length > 0) failures.push(`${path} ${where}: ${names.slice(0, 5).join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(shown).toBeGreaterThan(40);
    // Search finds an athlete by the Chinese, the Traditional and the pinyin of the local name.
    const person = medallistPeople[0]!;
    const spoken = pinyin(chinese(person), { toneType: 'none', type: 'array' }).join('');
    for (const query of [chinese(person), traditional(person), spoken]) {
      const hits = (await (await fetch(`${base}/api/search?q=${encodeURIComponent(query)}&lang=zh_CN`)).json()) as {
        hits: { code: string; name: string }[];
      };
      expect(
        hits.hits.map((h) => h.code),
        query,
      ).toContain(person.code);
    }
  }, 120_000);

  it('names units the schedule names in English only from the code tables: event, phase, number', async () => {
    const programme = JSON.parse(readFileSync(join(ROOT, 'sports', 'ATH', 'events.json'), 'utf8')) as {
      events: { id: string; gender: string; name: { zh_CN: string; en_US: string } }[];
    };
    const event = programme.events.find((e) => e.id === '100M' && e.gender === 'M')!;
    const heat = 'ATHM100M--------------HEAT000100--';
    const [zh, hk, en] = await Promise.all(LOCALES.map((l) => pageText(`/${heat}?lang=${l}`)));
    expect(zh).toContain(`${event.name.zh_CN} 预赛`);
    expect(hk).toContain(`${toTraditional(event.name.zh_CN)} 預賽`);
    expect(en).toContain("Men's 100m");
    const calendar = await (await fetch(`${base}/calendar/discipline/ATH.ics?lang=zh_CN`)).text();
    expect(calendar).toContain(`${event.name.zh_CN} 决赛`);
  });

  it('names teams by their delegation in the code tables', async () => {
    const relay = messages.find((m) => m.file === 'DT_RESULT.team.xml' && m.sport === 'ATH')!;
    const zh = await pageText(`/${relay.code}?tab=result&lang=zh_CN`);
    const en = await pageText(`/${relay.code}?tab=result&lang=en_US`);
    expect(en).toContain('Guangdong');
    expect(zh).toContain('广东');
    expect(zh).not.toContain('Guangdong');
  });

  it('prints the Chinese names in the PDF reports, read back with pdftotext', async () => {
    const official = messages
      .filter((m) => m.type === 'DT_RESULT' && /ResultStatus="OFFICIAL"/.test(m.xml))
      .slice(0, 6);
    expect(official.length).toBeGreaterThan(2);
    let checked = 0;
    for (const message of official) {
      const res = await fetch(`${base}/reports/${message.code}/C73.pdf`);
      expect(res.status, message.code).toBe(200);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
        input: Buffer.from(await res.arrayBuffer()),
      }).toString('utf8');
      const printedInEnglish = namedIn(message.xml).filter((p) => text.includes(`${p.given} ${p.family}`));
      for (const person of printedInEnglish) {
        expect(text.replace(/\s+/g, ''), `${message.code}: ${english(person)}`).toContain(chinese(person));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  }, 120_000);
});
