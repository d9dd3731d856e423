/**
 * Issue 26: every head-to-head sport's plugin declares a scoreboard, and its examples (written from
 * the ODF data dictionaries, sports/<CODE>/examples) open with one in Debian's Chromium, at 360 and
 * 1280 px in the three languages: both sides, the score and the winner as the example's XML gives
 * them (read here with a regular expression, not through the plugin), the score on the first screen
 * of a phone, no sideways scroll, no axe violation. And a live game: a dictionary-shaped DT_CURRENT
 * puts its period and clock on a live basketball and football unit; the later OFFICIAL result takes
 * them away.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { ResolvedSport } from '../../src/core/sports/types';
import { SPORT_CODES } from '../../src/generated/sportCodes';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { axeViolations, sharedChromium, openHydrated } from '../support/e2e';
import { siteBuild } from '../support/siteBuild';

/** The games' head-to-head sports (issue 26): each must declare a scoreboard. */
const HEAD_TO_HEAD = [
  'ARC', 'BBL', 'BDM', 'BK3', 'BKB', 'BOX', 'BRE', 'CLB', 'FBL', 'FEN', 'HBL', 'HOC',
  'JUD', 'RUG', 'SBL', 'TEN', 'TKW', 'TTE', 'VBV', 'VVO', 'WPO', 'WRE', 'WSD',
] as const; // prettier-ignore

const LANGUAGES = ['zh_CN', 'zh_HK', 'en_US'] as const;
const WINNER = { zh_CN: '胜方', zh_HK: '勝方', en_US: 'Winner' } as const;

const examplesDir = (code: string) => join(ROOT, 'sports', code, 'examples');
const exampleFiles = (code: string) => readdirSync(examplesDir(code)).filter((f) => f.endsWith('.xml'));

/** A two-sided result example as its XML says it: the unit, and each side's Result and WLT. */
interface Match {
  readonly file: string;
  readonly unit: string;
  readonly sides: readonly { result?: string; wlt?: string; irm?: string }[];
}

function matchesOf(code: string): Match[] {
  return exampleFiles(code)
    .filter((f) => f.startsWith('DT_RESULT'))
    .flatMap((file) => {
      const xml = readFileSync(join(examplesDir(code), file), 'utf8');
      const rows = [...xml.matchAll(/<Result\s([^>]*)>/g)].map((m) => m[1]!);
      if (rows.length !== 2) return [];
      const attribute = (row: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(row)?.[1];
      return [
        {
          file,
          unit: /DocumentCode="([^"]+)"/.exec(xml)![1]!,
          sides: rows.map((row) => {
            const result = attribute(row, 'Result');
            const wlt = attribute(row, 'WLT');
            const irm = attribute(row, 'IRM');
            return { ...(result ? { result } : {}), ...(wlt ? { wlt } : {}), ...(irm ? { irm } : {}) };
          }),
        },
      ];
    });
}

let service: Service;
let server: PodiumServer;
let browser: Browser;
let base: string;
const declaring: ResolvedSport[] = [];

beforeAll(async () => {
  for (const code of SPORT_CODES) {
    const sport = (await sportLoaders[code]()).default;
    if (sport.layouts.scoreboard) declaring.push(sport);
  }
  service = await openService({ dataDir: ':memory:', maxMessageBytes: 8 << 20 });
  for (const { code } of declaring) {
    for (const file of exampleFiles(code)) {
      const outcome = service.ingestor.ingest(readFileSync(join(examplesDir(code), file)), 'e2e-scoreboard').outcome;
      expect(outcome, `${code} ${file}`).toBe('stored');
    }
  }
  server = createPodiumServer(service, {
    config: readConfig({}),
    distDir: await siteBuild(),
    version: 'e2e-scoreboard',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await sharedChromium();
}, 600_000);

/**
 * Asks for a page once and waits for the render a new message started: a reader meanwhile gets the
 * version before (stale while revalidated), the next one the current version.
 */
async function rendered(path: string): Promise<void> {
  await (await fetch(`${base}${path}`)).arrayBuffer();
  await server.site.whenRendered();
}

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

/** What the page's scoreboard says: each side's text and whether it is marked won, the score, the state. */
async function readScoreboard(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector('.scoreboard');
    if (!board) return undefined;
    const score = board.querySelector('.scoreboard-score');
    const box = score?.getBoundingClientRect();
    return {
      sides: [...board.querySelectorAll('.scoreboard-main > .scoreboard-side')].map((side) => ({
        name: side.querySelector('.scoreboard-name')?.textContent?.trim() ?? '',
        text: side.textContent ?? '',
        won: side.classList.contains('scoreboard-won'),
      })),
      score: [...(score?.querySelectorAll('.scoreboard-points') ?? [])].map((s) => s.textContent?.trim()),
      scoreText: score?.querySelector('.sr-only')?.textContent ?? '',
      scoreBottom: box ? box.bottom : Infinity,
      state: board.querySelector('.scoreboard-state')?.textContent ?? '',
      irms: [...board.querySelectorAll('.scoreboard-irm')].map((e) => ({
        title: e.getAttribute('title') ?? '',
        text: e.textContent?.trim() ?? '',
      })),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      viewport: window.innerWidth,
    };
  });
}

/**
 * Works through `items` in `pages` side by side, each page taking the next item when it is done with
 * one (the browser lays out one page while the service renders another); throws the first failure
 * once every page has stopped.
 */
async function inPages<T>(pages: readonly Page[], items: readonly T[], work: (page: Page, item: T) => Promise<void>) {
  const queue = [...items];
  let failure: { error: unknown } | undefined;
  await Promise.all(
    pages.map(async (page) => {
      for (let item = queue.shift(); item !== undefined && !failure; item = queue.shift()) {
        try {
          await work(page, item);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
}

/**
 * Pages to work in side by side, each in its own context (a second page of a context is a background
 * tab, whose frames the browser does not draw); closed with their contexts. Without the service
 * worker: it would answer each page from the network as it is, and keep a copy of it, work that
 * offline.test.ts is about, not the scoreboard.
 */
async function sideBySide(count: number, options: BrowserContextOptions) {
  const contexts = await Promise.all(
    Array.from({ length: count }, () => browser.newContext({ ...options, serviceWorkers: 'block' })),
  );
  return {
    pages: await Promise.all(contexts.map((context) => context.newPage())),
    close: () => Promise.all(contexts.map((context) => context.close())),
  };
}

describe('the scoreboard of every head-to-head sport', () => {
  it('is declared by every head-to-head sport', () => {
    const codes = declaring.map((s) => s.code);
    for (const code of HEAD_TO_HEAD) expect(codes, code).toContain(code);
  });

  it("renders each sport's two-sided examples with both sides, the score and the winner", async () => {
    const checks: { sport: ResolvedSport; match: Match; lang: (typeof LANGUAGES)[number] }[] = [];
    for (const sport of declaring) {
      const matches = matchesOf(sport.code);
      expect(matches.length, `${sport.code} has a two-sided DT_RESULT example`).toBeGreaterThan(0);
      for (const match of matches) for (const lang of LANGUAGES) checks.push({ sport, match, lang });
    }
    let checked = 0;
    const { pages, close } = await sideBySide(2, { viewport: { width: 360, height: 740 } });
    try {
      // Each example is loaded on a phone and then turned to a desktop's width: the server's page is
      // the same for both (it does not know the width), so the desktop's is the phone's turned. The
      // page is read as loaded, not woken (no script of its own runs): what it shows at the new
      // width is its layout, which reading it brings up to date.
      await inPages(pages, checks, async (page, { sport, match, lang }) => {
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(`${base}/${match.unit}?lang=${lang}`);
        for (const width of [360, 1280]) {
          if (width !== 360) await page.setViewportSize({ width, height: 740 });
          const where = `${sport.code} ${match.file} ${lang} ${width}px`;
          const board = await readScoreboard(page);
          expect(board, where).toBeDefined();
          expect(board!.viewport, `${where}: the width measured`).toBe(width);
          expect(board!.sides, where).toHaveLength(2);
          for (const side of board!.sides) expect(side.name, where).not.toBe('');
          // The scores as the XML gives them, in either order (home first may swap the rows).
          const scores = match.sides.map((s) => s.result ?? '-');
          expect([...board!.score].sort(), where).toEqual([...scores].sort());
          for (const s of match.sides.filter((s) => s.result)) expect(board!.scoreText, where).toContain(s.result);
          const winners = match.sides.filter((s) => s.wlt === 'W').length;
          expect(board!.sides.filter((s) => s.won).length, where).toBe(winners);
          for (const side of board!.sides.filter((s) => s.won)) expect(side.text, where).toContain(WINNER[lang]);
          // An invalid result mark is said in words (the legend's), not as its bare code.
          const irms = match.sides.flatMap((s) => (s.irm ? [s.irm] : []));
          expect(board!.irms.length, where).toBe(irms.length);
          for (const irm of board!.irms) expect(irms.includes(irm.title) && irm.text !== irm.title, where).toBe(true);
          if (width === 360) {
            expect(board!.overflow, `${where}: sideways scroll`).toBeLessThanOrEqual(0);
            expect(board!.scoreBottom, `${where}: the score on the first screen`).toBeLessThan(740);
          }
          checked += 1;
        }
      });
    } finally {
      await close();
    }
    expect(checked).toBeGreaterThanOrEqual(HEAD_TO_HEAD.length * 6);
  }, 600_000);

  it('passes axe, the score announced as text', async () => {
    // axe is injected as a script: the contexts bypass the site's CSP for it.
    const { pages, close } = await sideBySide(3, { viewport: { width: 360, height: 740 }, bypassCSP: true });
    try {
      await inPages(pages, declaring, async (page, sport) => {
        const match = matchesOf(sport.code)[0]!;
        await openHydrated(page, `${base}/${match.unit}?lang=en_US`);
        expect(await axeViolations(page), sport.code).toEqual([]);
        // The score as a sentence naming both sides, for a reader that does not see the layout.
        const said = await page.textContent('.scoreboard-score .sr-only');
        const names = await page.$$eval('.scoreboard-main .scoreboard-name', (els) =>
          els.map((e) => e.textContent ?? ''),
        );
        for (const name of names) expect(said, sport.code).toContain(name.trim());
      });
    } finally {
      await close();
    }
  }, 300_000);
});

describe('a live game', () => {
  /** The example's result as the next version, with another status, and without outcomes while live. */
  const resultVersion = (code: string, version: number, status: string) => {
    const xml = readFileSync(join(examplesDir(code), 'DT_RESULT.match.xml'), 'utf8')
      .replace(/ Version="\d+"/, ` Version="${version}"`)
      .replace(/ ResultStatus="[A-Z_]+"/, ` ResultStatus="${status}"`);
    return Buffer.from(status === 'LIVE' ? xml.replace(/ WLT="[WLT]"/g, '') : xml);
  };

  for (const code of ['BKB', 'FBL'] as const) {
    it(`${code}: DT_CURRENT's period and clock while live, gone with the OFFICIAL result`, async () => {
      const current = readFileSync(join(examplesDir(code), 'DT_CURRENT.match.xml'), 'utf8');
      const clock = /<Clock\s[^>]*>/.exec(current)![0];
      const period = /Period="([^"]+)"/.exec(clock)![1]!;
      const time = /Time="([^"]+)"/.exec(clock)![1]!;
      const unit = /DocumentCode="([^"]+)"/.exec(current)![1]!;
      expect(service.ingestor.ingest(resultVersion(code, 90, 'LIVE'), 'e2e-scoreboard').outcome).toBe('stored');
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      for (const lang of LANGUAGES) {
        await rendered(`/${unit}?lang=${lang}`);
        await page.goto(`${base}/${unit}?lang=${lang}`);
        const live = await readScoreboard(page);
        expect(live!.state, `${code} ${lang}`).toContain(time);
        expect(live!.state).toMatch(/Live|进行中|進行中/);
        expect(live!.sides.filter((s) => s.won)).toHaveLength(0);
        // The period by the sport's label `code.<period>` where it has one (sports/README.md), else its code.
        const sport = declaring.find((s) => s.code === code)!;
        const label = sport.labels[lang]?.[`code.${period}`] ?? period;
        expect((await page.textContent('.scoreboard-period'))?.trim(), `${code} ${lang}`).toBe(label);
      }
      expect(service.ingestor.ingest(resultVersion(code, 91, 'OFFICIAL'), 'e2e-scoreboard').outcome).toBe('stored');
      await rendered(`/${unit}?lang=en_US`);
      await page.goto(`${base}/${unit}?lang=en_US`);
      const final = await readScoreboard(page);
      expect(final!.state).toContain('Final');
      expect(final!.state).not.toContain(time);
      expect(await page.$('.scoreboard-clock')).toBeNull();
      expect(final!.sides.filter((s) => s.won)).toHaveLength(1);
      await page.close();
    }, 120_000);
  }
});
