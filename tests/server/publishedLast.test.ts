import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Publisher, type PublishedCopy } from '../../src/server/publish/publisher';
import { lastFileOf, PublishedFolder, timeSlot } from '../../src/server/publish/publishedFolder';

/**
 * Issue 46: each published file is also the last copy of its page or document, which nginx sends
 * when the origin fails (deploy/nginx.conf; tests/server/edgeOriginDown.test.ts runs it). It is the
 * newest version readers were sent: it outlives the slot, a quiet page, a failed render and a
 * stopped service, and goes when the page is no more or a newer answer was not published.
 */
let root: string;
let now: number;
const etags = new Map<string, string>();
let generation = 0;
const change = (code: string, etag: string) => {
  etags.set(`DT_RESULT/${code}`, etag);
  generation += 1;
};
const versions = (type: string, code: string) => etags.get(`${type}/${code}`) ?? '';

const PAGE = 'pages/zh_CN/A/index.html';
const LAST_PAGE = `last/${PAGE}`;
const OTHER = 'pages/zh_CN/B/index.html';
const none = async () => undefined;
const copy = (file: string, text: string, reads: readonly string[] = ['A'], status = 200): PublishedCopy => ({
  file,
  status,
  body: Buffer.from(text),
  gzip: Buffer.from(`gz:${text}`),
  dependencies: reads.map((code) => ({ type: 'DT_RESULT', code, etag: etags.get(`DT_RESULT/${code}`) ?? '' })),
});
const publisher = (options: { keepForMs?: number; maxCopies?: number } = {}) =>
  new Publisher(new PublishedFolder(root), versions, () => generation, { now: () => now, ...options });
const text = (file: string) => readFileSync(join(root, file), 'utf8');
const there = (file: string) => existsSync(join(root, file));
const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'podium-last-'));
  now = Date.UTC(2025, 10, 17, 12, 0, 0);
  etags.clear();
  generation = 0;
  change('A', 'a1');
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

describe('the last copy of a published page or document', () => {
  it('is the file itself (one time, one ETag for nginx), a document’s the same whether live or official', () => {
    expect(lastFileOf(`123/${PAGE}`)).toBe(LAST_PAGE);
    expect(lastFileOf('123/documents/live/api/crs/odf/json/DT_RESULT/A')).toBe(
      'last/documents/api/crs/odf/json/DT_RESULT/A',
    );
    expect(lastFileOf('123/documents/official/api/crs/commonCode/sport')).toBe(
      'last/documents/api/crs/commonCode/sport',
    );
    expect(lastFileOf(PAGE)).toBeUndefined();
    const published = publisher();
    published.publish(
      PAGE,
      () => copy(PAGE, 'version 1'),
      async () => copy(PAGE, 'version 2'),
    );
    const file = `${timeSlot(now)}/${PAGE}`;
    expect(text(LAST_PAGE)).toBe('version 1');
    expect(text(`${LAST_PAGE}.gz`)).toBe('gz:version 1');
    for (const suffix of ['', '.gz'])
      expect(statSync(join(root, LAST_PAGE + suffix)).ino).toBe(statSync(join(root, file + suffix)).ino);
  });

  it('follows every version, and outlives its slot, a page no reader asked for lately, a failed render and a stop', async () => {
    const published = publisher({ keepForMs: 60_000 });
    let fails = false;
    const render = async () => {
      if (fails) throw new Error('render thread died');
      return copy(PAGE, `at ${etags.get('DT_RESULT/A')}`);
    };
    published.publish(PAGE, () => copy(PAGE, 'at a1'), render);
    change('A', 'a2');
    await published.check();
    expect(text(LAST_PAGE)).toBe('at a2');
    const slot = timeSlot(now);
    // The slot turns: its files go, the last copy stays.
    now += 1_000_000;
    await published.check();
    expect(there(String(slot))).toBe(false);
    expect(text(LAST_PAGE)).toBe('at a2');
    // Published again in the new slot: a later time than the last copy's (a new ETag).
    const before = statSync(join(root, LAST_PAGE)).mtimeMs;
    change('A', 'a3');
    published.publish(PAGE, () => copy(PAGE, 'at a3'), render);
    expect(text(LAST_PAGE)).toBe('at a3');
    expect(statSync(join(root, LAST_PAGE)).mtimeMs).toBeGreaterThan(before);
    // Its render fails: the file goes, the last copy stays (the service may fail its readers too).
    fails = true;
    quietly();
    change('A', 'a4');
    await published.check();
    expect(there(`${timeSlot(now)}/${PAGE}`)).toBe(false);
    expect(text(LAST_PAGE)).toBe('at a3');
    // No reader asked the service for it lately: the same.
    fails = false;
    published.publish(PAGE, () => copy(PAGE, 'at a4'), render);
    now += 61_000;
    change('A', 'a5');
    await published.check();
    expect(there(`${timeSlot(now)}/${PAGE}`)).toBe(false);
    expect(text(LAST_PAGE)).toBe('at a4');
    // The service stops (its files stay), and the next one starts: slots cleared, last copies kept.
    published.publish(PAGE, () => copy(PAGE, 'at a5'), render);
    published.stop(false);
    expect(there(`${timeSlot(now)}/${PAGE}`)).toBe(true);
    publisher();
    expect(there(`${timeSlot(now)}`)).toBe(false);
    expect(text(LAST_PAGE)).toBe('at a5');
    expect(text(`${LAST_PAGE}.gz`)).toBe('gz:at a5');
  });

  it('goes with its page when that is not found any more', async () => {
    const published = publisher();
    published.publish(
      PAGE,
      () => copy(PAGE, 'found'),
      async () => copy(PAGE, 'not found', ['A'], 404),
    );
    quietly();
    change('A', 'a2');
    await published.check();
    expect(there(LAST_PAGE)).toBe(false);
    expect(there(`${LAST_PAGE}.gz`)).toBe(false);
  });

  it.each([
    ['past the most copies', 1, (published: Publisher) => published.publish(PAGE, () => copy(PAGE, 'newer'), none)],
    [
      'rendered before a change',
      10,
      (published: Publisher) => {
        const answered = copy(PAGE, 'newer');
        change('A', 'a3');
        published.publish(PAGE, () => answered, none);
      },
    ],
    ['not a 200', 10, (published: Publisher) => published.publish(PAGE, () => copy(PAGE, 'error', [], 500), none)],
  ] as const)(
    'goes when the service answered a version it did not publish: %s (nginx’s cache has it)',
    (_, maxCopies, answer) => {
      publisher().publish(PAGE, () => copy(PAGE, 'the last copy'), none);
      expect(text(LAST_PAGE)).toBe('the last copy');
      now += 1_000_000; // a later start, in a later slot
      const published = publisher({ maxCopies });
      published.publish(OTHER, () => copy(OTHER, 'another page'), none);
      answer(published);
      expect(there(LAST_PAGE)).toBe(false);
      expect(there(`${LAST_PAGE}.gz`)).toBe(false);
      expect(text(`last/${OTHER}`)).toBe('another page');
    },
  );

  it('goes without a render when another process answered a page past the most copies', async () => {
    publisher().publish(PAGE, () => copy(PAGE, 'the last copy'), none);
    now += 1_000_000;
    const published = publisher({ maxCopies: 1 });
    published.publish(OTHER, () => copy(OTHER, 'b'), none);
    const render = vi.fn(async () => copy(PAGE, 'newer'));
    await published.publishRendered(PAGE, render);
    expect(render).not.toHaveBeenCalled();
    expect(there(LAST_PAGE)).toBe(false);
  });

  it('goes with everything when publishing stops for good (the publishing process died)', () => {
    const published = publisher();
    published.publish(
      PAGE,
      () => copy(PAGE, 'a'),
      async () => undefined,
    );
    published.stop();
    expect(there('last')).toBe(false);
    publisher().publish(
      PAGE,
      () => copy(PAGE, 'a'),
      async () => undefined,
    );
    new PublishedFolder(root).clear();
    expect(there('last')).toBe(false);
  });
});

describe('a published page rendered from an older view of the store', () => {
  it('is made again at the next look, not left until the next change', async () => {
    // A render thread that has not seen the change yet (it looks every 0.1 s), then has.
    const seen = ['a1', 'a2'];
    const render = async () => {
      const etag = seen.length > 1 ? seen.shift()! : seen[0]!;
      return { ...copy(PAGE, `at ${etag}`), dependencies: [{ type: 'DT_RESULT', code: 'A', etag }] };
    };
    const published = publisher();
    published.publish(PAGE, () => copy(PAGE, 'at a1'), render);
    change('A', 'a2');
    await published.check();
    expect(text(`${timeSlot(now)}/${PAGE}`)).toBe('at a1');
    await published.check();
    expect(text(`${timeSlot(now)}/${PAGE}`)).toBe('at a2');
    expect(text(LAST_PAGE)).toBe('at a2');
  });
});
