/**
 * "More" (issue 25 item 1) against the real server: values of the feed that no column or detail of a
 * plugin reads are in the page's HTML, a row's in that row's details, the unit's under the unit's
 * panel, in the three languages, labelled by the code itself when no label exists.
 *
 * Each message is a sport's own example (sports/<CODE>/examples) with values MADE UP for this test
 * added (codes and attributes named ZQ_* / Zq*, values zq-*): no plugin names them, no feed sends them.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from './helpers';

const LANGUAGES = ['zh_CN', 'zh_HK', 'en_US'] as const;

const example = (sport: string, file: string) => readFileSync(join(ROOT, 'sports', sport, 'examples', file), 'utf8');

/** Replaces the first match of `find`, failing loudly when the example no longer has it. */
function once(xml: string, find: string | RegExp, replace: string): string {
  const at = xml.search(find);
  if (at < 0) throw new Error(`the example has no ${String(find)}`);
  return xml.replace(find, replace);
}

/** Made-up values for a row: an attribute, an extended result and a stats item the plugin never names. */
const rowValues = (tag: string): Record<'attribute' | 'extended' | 'stats', readonly [string, string]> => ({
  attribute: ['ZqTestAttr', `zq-attr-${tag}`],
  extended: ['ZQ_TEST_ER', `zq-er-${tag}`],
  stats: ['ZQ_TEST_ST', `zq-st-${tag}`],
});
const rowExtras = (tag: string) => {
  const v = rowValues(tag);
  return `<ExtendedResults><ExtendedResult Type="ER" Code="${v.extended[0]}" Value="${v.extended[1]}"/></ExtendedResults><StatsItems><StatsItem Type="ST" Code="${v.stats[0]}" Value="${v.stats[1]}"/></StatsItems>`;
};

/** The first Result of a DT_RESULT gets the row's made-up values; its ExtendedInfos a made-up info. */
function withMadeUp(xml: string, tag: string): string {
  const v = rowValues(tag);
  let out = once(xml, /<Result (.*?)>/, `<Result ${v.attribute[0]}="${v.attribute[1]}" $1>${rowExtras(tag)}`);
  out = once(out, '<ExtendedInfos>', `<ExtendedInfos><ExtendedInfo Type="UI" Code="ZQ_TEST_UI" Value="zq-ui-${tag}"/>`);
  return out;
}

const SWM = withMadeUp(example('SWM', 'DT_RESULT.final.xml'), 'swm');
const JUD = once(
  withMadeUp(example('JUD', 'DT_RESULT.match.xml'), 'jud'),
  /<Official (Code="[^"]+")/,
  '<Official $1 ZqTestOfficial="zq-official-jud"',
);
const BKB = once(
  once(
    withMadeUp(example('BKB', 'DT_RESULT.match.xml'), 'bkb'),
    /<Official (Code="[^"]+")/,
    '<Official $1 ZqTestOfficial="zq-official-bkb"',
  ),
  '<Period Code="Q1"',
  '<Period Code="Q1" ZqTestPeriod="zq-period-bkb"',
);
// The bracket's first match gets a made-up attribute and extended result, its unit a made-up info.
const BRACKET = once(
  once(
    example('BKB', 'DT_BRACKETS.main.xml'),
    /<BracketItem (.*?)>/,
    '<BracketItem ZqTestMatch="zq-match-bkb" $1><ExtendedResults><ExtendedResult Type="ER" Code="ZQ_TEST_BR" Value="zq-br-bkb"/></ExtendedResults>',
  ),
  '<ExtendedInfos>',
  '<ExtendedInfos><ExtendedInfo Type="UI" Code="ZQ_TEST_UI" Value="zq-ui-bracket"/>',
);
const BRACKET_EVENT = 'BKBMTEAM5-------------------------';
const BRACKET_UNIT = 'BKBMTEAM5-------------SFNL000100--';
/** A schedule naming the bracket's event: the sport page lists events from the schedule. */
const SCHEDULE = `<OdfBody CompetitionCode="NG2025" DocumentType="DT_SCHEDULE" DocumentCode="${'BKB'.padEnd(34, '-')}" Version="1"><Competition><Unit Code="${BRACKET_UNIT}" ScheduleStatus="SCHEDULED" StartDate="2025-11-15T15:00:00+08:00" Order="1" Venue="DBC"><ItemName Language="CHI" Value="男子半决赛"/><ItemName Language="ENG" Value="Men's Semifinal"/></Unit></Competition></OdfBody>`;

const codeOf = (xml: string) => /DocumentCode="([^"]+)"/.exec(xml)![1]!;

let service: Service;
let server: Server;
let base: string;

beforeAll(async () => {
  service = await memoryService();
  for (const message of [SWM, JUD, BKB, SCHEDULE, BRACKET])
    expect(service.ingestor.ingest(Buffer.from(message), 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

async function page(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
}

/** The detail rows of the page's tables: each runs to the next row's body or the table's end. */
const detailRows = (html: string): string[] =>
  [...html.matchAll(/<tr class="detail-row">[\s\S]*?(?=<tbody data-index|<\/table><\/div>)/g)].map((m) => m[0]);
/** The unit-level "More" lists of the page. */
const unitMore = (html: string): string[] =>
  [...html.matchAll(/<div class="feed-more feed-more-unit">[\s\S]*?<\/dl><\/div>/g)].map((m) => m[0]);
/** A bracket match's folded "More". */
const matchMore = (html: string): string[] =>
  [...html.matchAll(/<details class="row-toggle bracket-more">[\s\S]*?<\/details>/g)].map((m) => m[0]);

/** One item of a More list: its label (the code or name itself: none has a label) and its value. */
const item = (label: string, value: string) => `<dt>${label}</dt><dd>${value}</dd>`;

describe('values no plugin reads, on the unit page in three languages', () => {
  for (const [sport, xml, tag] of [
    ['a race (SWM)', SWM, 'swm'],
    ['a combat sport (JUD)', JUD, 'jud'],
    ['a team game (BKB)', BKB, 'bkb'],
  ] as const) {
    it(`${sport}: the row's in its details, the unit's under the panel`, async () => {
      const v = rowValues(tag);
      for (const lang of LANGUAGES) {
        const html = await page(`/${codeOf(xml)}?tab=result&lang=${lang}`);
        const row = detailRows(html).find((r) => r.includes(v.extended[1]));
        expect(row, `${sport} ${lang}`).toBeDefined();
        for (const [label, value] of [v.attribute, v.extended, v.stats]) expect(row).toContain(item(label, value));
        const unit = unitMore(html).join('\n');
        expect(unit, `${sport} ${lang}`).toContain(item('ZQ_TEST_UI', `zq-ui-${tag}`));
      }
    });
  }

  it("officials' and periods' values at the unit level, an official's said to be theirs", async () => {
    for (const lang of LANGUAGES) {
      const judo = unitMore(await page(`/${codeOf(JUD)}?tab=result&lang=${lang}`)).join('\n');
      expect(judo).toMatch(/<dt>[^<]+ · ZqTestOfficial<\/dt><dd>zq-official-jud<\/dd>/);
      const basketball = unitMore(await page(`/${codeOf(BKB)}?tab=result&lang=${lang}`)).join('\n');
      expect(basketball).toMatch(/<dt>[^<]+ · ZqTestOfficial<\/dt><dd>zq-official-bkb<\/dd>/);
      expect(basketball).toMatch(/<dt>ZqTestPeriod<\/dt><dd>zq-period-bkb<\/dd>/);
    }
  });

  it("a bracket's match values under that match, the bracket's unit values under the panel", async () => {
    for (const lang of LANGUAGES) {
      const html = await page(`/BKB/brackets?event=${BRACKET_EVENT}&lang=${lang}`);
      const matches = matchMore(html);
      const first = matches.find((m) => m.includes('zq-match-bkb'));
      expect(first, lang).toBeDefined();
      expect(first).toContain(item('ZqTestMatch', 'zq-match-bkb'));
      expect(first).toContain(item('ZQ_TEST_BR', 'zq-br-bkb'));
      // Only the first match carries them.
      expect(matches.filter((m) => m.includes('zq-'))).toHaveLength(1);
      expect(unitMore(html).join('\n')).toContain(item('ZQ_TEST_UI', 'zq-ui-bracket'));
    }
  });
});
