/**
 * Issue 49 item 2: the developers' page, drawn from the served OpenAPI description, in the three
 * languages: every public path of the description with its summary in the page's language, the
 * configured licence and credit line (set here to values no default has), and, on the Chinese
 * pages, no English prose outside code. And the description's `info.license` follows the
 * configuration and still validates.
 */
import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { descriptionOptions, openApiDocument } from '../../src/server/api/openapi';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { readDescription, type Description } from '../support/openapi';
import { memoryService } from './helpers';
import { decodeEntities } from '../support/markupText';

const ENV = {
  PODIUM_PUBLIC_URL: 'https://results.example.org',
  PODIUM_DATA_LICENCE: '开放数据许可 2.0',
  PODIUM_DATA_LICENCE_URL: 'https://licence.example.org/open-data/2.0',
  PODIUM_ATTRIBUTION: '数据来源：测试运动会组委会',
};

let service: Service;
let server: PodiumServer;
let base: string;
let description: Description & { info: Record<string, unknown>; servers: { url: string }[] };

beforeAll(async () => {
  service = await memoryService();
  const config = { ...readConfig(ENV), dataDir: '/nonexistent-podium-data' };
  server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'developers' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  description = (await readDescription(base)) as typeof description;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const page = async (lang: string) => {
  const answer = await fetch(`${base}/developers?lang=${lang}`);
  expect(answer.status).toBe(200);
  return answer.text();
};

/** The page's own part (the header's language links and the footer are the shell's). */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

/** The page's text outside code and addresses: what a reader reads as prose. */
const prose = (html: string) =>
  decodeEntities(
    mainOf(html)
      .replace(/<(pre|code)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/https?:\/\/\S+/g, ' ');

/**
 * Latin words of prose: a word with a lower-case letter, not a code or an acronym (`JSON`, `UTF-8`,
 * `DT_RESULT`), nor the few technical names Chinese technical writing keeps as they are.
 */
const NAMES = new Set(['OpenAPI', 'iCalendar', 'gzip']);
const englishWords = (text: string) =>
  [...text.matchAll(/[A-Za-z][A-Za-z0-9_.-]*/g)]
    .map((m) => m[0])
    .filter((word) => /[a-z]/.test(word) && !NAMES.has(word));

/** The description's public paths (those asking no credentials), with their summaries. */
const publicPaths = () =>
  Object.entries(description.paths).flatMap(([path, item]) => {
    const operation = item.get ?? Object.values(item)[0]!;
    return 'security' in operation ? [] : [{ path, summary: operation['x-podium-summary'] }];
  });

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A summary as the page draws it: its backticked parts as code. */
const drawn = (summary: string) =>
  summary
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `<code>${text(part)}</code>` : text(part).replace(/'/g, '&#x27;')))
    .join('');

describe('the developers’ page', () => {
  it('lists every public path of the served description with its summary in the page’s language', async () => {
    const paths = publicPaths();
    expect(paths.length).toBeGreaterThan(25);
    for (const locale of LOCALE_IDS) {
      const html = mainOf(await page(locale));
      for (const { path, summary } of paths) {
        expect(html, `${locale} ${path}`).toContain(` ${text(path)}</code>`);
        expect(html, `${locale} ${path}`).toContain(`<p class="dev-summary">${drawn(summary[locale]!)}</p>`);
      }
      // No internal route, and a link to the description itself.
      expect(html).not.toContain('/api/internal/');
      expect(html).toContain('href="https://results.example.org/api/openapi.json"');
    }
  });

  it('gives examples at the configured address, in the page’s language where a path takes one', async () => {
    const html = decodeEntities(mainOf(await page('zh_HK')));
    expect(html).toContain('href="https://results.example.org/api/crs/odf/json/MEDAL_TALLY/ALL"');
    expect(html).toContain('href="https://results.example.org/calendar/delegation/GDG.ics?lang=zh_HK"');
    expect(html).toContain("new EventSource('https://results.example.org/live?c=MEDAL_TALLY.ALL')");
    expect(html).toContain("-H 'If-None-Match:");
    expect(html).toContain('<iframe src="https://results.example.org/embed/medals?lang=zh_HK" title="獎牌榜 · ');
    expect(html).toContain('Access-Control-Allow-Origin: *');
    expect(html).toContain('href="https://results.example.org/api/csv/medals.csv?lang=zh_HK"');
  });

  it('shows the configured licence and credit line', async () => {
    for (const locale of LOCALE_IDS) {
      const html = mainOf(await page(locale));
      expect(html, locale).toContain(`<a href="${ENV.PODIUM_DATA_LICENCE_URL}">${ENV.PODIUM_DATA_LICENCE}</a>`);
      expect(html, locale).toContain(`<blockquote class="dev-credit">${ENV.PODIUM_ATTRIBUTION}</blockquote>`);
    }
  });

  it('has no English prose on the Chinese pages beyond code and addresses, and has it on the English one', async () => {
    for (const locale of ['zh_CN', 'zh_HK']) {
      const words = englishWords(prose(await page(locale)));
      expect(words, locale).toEqual([]);
    }
    // The check finds English where there is some.
    expect(englishWords(prose(await page('en_US'))).length).toBeGreaterThan(100);
  });

  it('is linked from the footer of every page in its language', async () => {
    const schedule = await (await fetch(`${base}/schedule/total?lang=zh_HK`)).text();
    expect(schedule).toMatch(/<footer[\s\S]*<a href="\/developers"[^>]*>開發者<\/a>/);
  });
});

describe('the licence in the description', () => {
  it('follows the configuration, and the description still validates', async () => {
    expect(description.info.license).toEqual({ name: ENV.PODIUM_DATA_LICENCE, url: ENV.PODIUM_DATA_LICENCE_URL });
    expect(description.info['x-attribution']).toBe(ENV.PODIUM_ATTRIBUTION);
    expect(description.info.description).toContain(ENV.PODIUM_ATTRIBUTION);
    expect(description.servers).toEqual([{ url: ENV.PODIUM_PUBLIC_URL }]);
    const validator = new Validator();
    expect(await validator.validate(structuredClone(description) as unknown as Record<string, unknown>)).toEqual({
      valid: true,
    });
  });

  it('defaults to CC BY 4.0 credited to the site, and names a licence without an address when given none', async () => {
    const defaults = openApiDocument(descriptionOptions(readConfig({}), 'x')) as { info: Record<string, unknown> };
    expect(defaults.info.license).toEqual({ name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(defaults.info['x-attribution']).toBe('http://localhost:8080');
    const named = openApiDocument(descriptionOptions(readConfig({ PODIUM_DATA_LICENCE: 'ODbL 1.0' }), 'x')) as {
      info: Record<string, unknown>;
    };
    expect(named.info.license).toEqual({ name: 'ODbL 1.0' });
    expect(await new Validator().validate(named as Record<string, unknown>)).toEqual({ valid: true });
    expect(() => readConfig({ PODIUM_DATA_LICENCE_URL: 'ftp://example.org/licence' })).toThrow(
      /PODIUM_DATA_LICENCE_URL must be an http\(s\) URL/,
    );
  });
});
