/**
 * Nothing of a real feed is lost from view (issue 25 item 1): the bobsleigh result of a real games
 * (../shared/odf-samples, sport BOB: no plugin, the site's default sport draws it) shows every value
 * of the message on its unit page, in the three languages, unless a mark hides it with a reason.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedValues, isElement, NAME_ATTRIBUTES, type FeedValue } from '../../src/core/feedValues';
import { parseXml } from '../../src/server/odf/normalise';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { defaultSport } from '../../src/web/data/defaultSport';
import { classifyValues, layoutsReading } from '../../src/web/more/coverage';
import { MB, readSample, SAMPLES_DIR } from './helpers';

const SAMPLE = readSample(join(SAMPLES_DIR, 'BOBOTEAM4.DT_RESULT.O.xml'));
const UNIT = 'BOBOTEAM4-------------TRNO000500--';
const LANGUAGES = ['zh_CN', 'zh_HK', 'en_US'] as const;

let service: Service;
let server: Server;
let base: string;

beforeAll(async () => {
  // A service of no particular games: the sample's CompetitionCode (OWG2022) is accepted.
  service = await openService({ dataDir: ':memory:', maxMessageBytes: 8 * MB });
  expect(service.ingestor.ingest(SAMPLE, 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

/** The page's HTML without scripts, and its text as a reader gets it (tags removed, entities decoded). */
async function page(path: string): Promise<{ html: string; text: string }> {
  const response = await fetch(`${base}${path}`);
  expect(response.status, path).toBe(200);
  const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ');
  const text = html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return { html, text };
}

describe('a real bobsleigh result on its unit page', () => {
  it('shows every value of the message, or hides it with a reason', async () => {
    const { element: body } = parseXml(SAMPLE.toString('utf8'));
    const competition = (body.Competition as unknown[]).filter(isElement)[0]!;
    // Every attribute under Competition (the Competition element's own are the envelope's).
    const values = feedValues(competition).filter((v) => v.owner !== competition);
    expect(values.length).toBeGreaterThan(1000);
    const sport = defaultSport('BOB', { zh_CN: 'BOB', zh_HK: 'BOB', en_US: 'BOB' });
    for (const lang of LANGUAGES) {
      const { html, text } = await page(`/${UNIT}?tab=result&lang=${lang}`);
      const classified = classifyValues(layoutsReading(sport.layouts.tabs, 'DT_RESULT'), body, { sport, locale: lang });
      const markOf = (v: FeedValue) =>
        classified.find((c) => c.value.owner === v.owner && c.value.attribute === v.attribute && c.status === 'hidden')
          ?.mark;
      const shown = (v: FeedValue) =>
        text.includes(v.value) ||
        // Exception: a person's names are written by the site's names rules (family name in capitals).
        (NAME_ATTRIBUTES.has(v.attribute) && text.toUpperCase().includes(v.value.toUpperCase())) ||
        // Exception: a competitor's or athlete's Code is the address of their page, which the name links to.
        (v.attribute === 'Code' && html.includes(`href="/competitor/${v.value}"`));
      const missing = values.filter((v) => !shown(v) && !markOf(v));
      expect([...new Set(missing.map((v) => `${v.signature}=${v.value}`))], lang).toEqual([]);
    }
  });
});
