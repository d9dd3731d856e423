import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Publisher, type PublishedCopy } from '../../src/server/publish/publisher';
import { PublishedFolder, timeSlot } from '../../src/server/publish/publishedFolder';

/**
 * The publisher keeps the pages it wrote true to the store: a page whose document changed is
 * rendered again and its file replaced; one that cannot be rendered, or that no reader asked the
 * service for in a while, is removed; a past time slot's pages are never left to be found.
 */
let root: string;
let now: number;
/** The store as the fake sees it: document → ETag; its generation moves on every change. */
const etags = new Map<string, string>();
let generation = 0;
const change = (code: string, etag: string) => {
  etags.set(`DT_RESULT/${code}`, etag);
  generation += 1;
};
const versions = vi.fn((type: string, code: string) => etags.get(`${type}/${code}`) ?? '');

/** A copy of `file` reading the documents `reads` as they are now. */
const copy = (file: string, text: string, reads: readonly string[], status = 200): PublishedCopy => ({
  file,
  status,
  body: Buffer.from(text),
  gzip: Buffer.from(`gz:${text}`),
  dependencies: reads.map((code) => ({ type: 'DT_RESULT', code, etag: etags.get(`DT_RESULT/${code}`) ?? '' })),
});

function publisher(options: { keepForMs?: number; maxCopies?: number } = {}) {
  return new Publisher(new PublishedFolder(root), versions, () => generation, { now: () => now, ...options });
}
const fileText = (file: string) => readFileSync(join(root, file), 'utf8');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'podium-published-'));
  now = Date.UTC(2025, 10, 17, 12, 0, 0);
  etags.clear();
  generation = 0;
  versions.mockClear();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the publisher', () => {
  it('writes a page and its gzip copy under the time slot, and renders it again when a document it read changes', async () => {
    change('A', 'a1');
    change('B', 'b1');
    const published = publisher();
    const render = vi.fn(async () => copy('pages/zh_CN/A/index.html', 'unit A, version 2', ['A']));
    published.publish(
      'pages/zh_CN/A/index.html',
      () => copy('pages/zh_CN/A/index.html', 'unit A, version 1', ['A']),
      render,
    );
    const file = `${timeSlot(now)}/pages/zh_CN/A/index.html`;
    expect(fileText(file)).toBe('unit A, version 1');
    expect(fileText(`${file}.gz`)).toBe('gz:unit A, version 1');

    await published.check();
    expect(render).not.toHaveBeenCalled(); // nothing it read changed
    change('B', 'b2');
    await published.check();
    expect(render).not.toHaveBeenCalled(); // B is not A's
    change('A', 'a2');
    await published.check();
    expect(render).toHaveBeenCalledTimes(1);
    expect(fileText(file)).toBe('unit A, version 2');
    expect(published.refreshes).toBe(1);
    // Its new dependencies are the ones checked from now on.
    await published.check();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('writes no copy rendered before a change it has not seen (the next reader’s is current)', () => {
    change('A', 'a1');
    const published = publisher();
    const old = copy('pages/zh_CN/A/index.html', 'version 1', ['A']);
    change('A', 'a2');
    published.publish(
      'pages/zh_CN/A/index.html',
      () => old,
      async () => undefined,
    );
    expect(published.size).toBe(0);
    expect(existsSync(join(root, `${timeSlot(now)}/pages/zh_CN/A/index.html`))).toBe(false);
    published.publish(
      'pages/zh_CN/A/index.html',
      () => copy('pages/zh_CN/A/index.html', 'version 2', ['A']),
      async () => undefined,
    );
    expect(fileText(`${timeSlot(now)}/pages/zh_CN/A/index.html`)).toBe('version 2');
  });

  it('looks at each document once per change, however many pages read it', async () => {
    change('A', 'a1');
    const published = publisher();
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'])
      published.publish(
        `pages/${lang}/A/index.html`,
        () => copy(`pages/${lang}/A/index.html`, lang, ['A', 'A']),
        async () => copy(`pages/${lang}/A/index.html`, lang, ['A']),
      );
    change('A', 'a2');
    versions.mockClear();
    await published.check();
    expect(versions).toHaveBeenCalledTimes(1);
  });

  it('removes a page that now fails, redirects or is not found, and one whose render throws', async () => {
    change('A', 'a1');
    const published = publisher();
    const renders: (() => Promise<PublishedCopy | undefined>)[] = [
      async () => copy('pages/zh_CN/P0/index.html', 'not found', ['A'], 404),
      async () => undefined,
      async () => Promise.reject(new Error('render thread died')),
    ];
    const files = renders.map((render, i) => {
      published.publish(
        `pages/zh_CN/P${i}/index.html`,
        () => copy(`pages/zh_CN/P${i}/index.html`, `page ${i}`, ['A']),
        render,
      );
      return join(root, `${timeSlot(now)}/pages/zh_CN/P${i}/index.html`);
    });
    expect(files.every((file) => existsSync(file))).toBe(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    change('A', 'a2');
    await published.check();
    error.mockRestore();
    for (const file of files) {
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.gz`)).toBe(false);
    }
    expect(published.size).toBe(0);
  });

  it('keeps a page current only while readers reach the service for it; then its next change removes it', async () => {
    change('A', 'a1');
    const published = publisher({ keepForMs: 60_000 });
    const render = vi.fn(async () => copy('pages/zh_CN/A/index.html', 'again', ['A']));
    published.publish('pages/zh_CN/A/index.html', () => copy('pages/zh_CN/A/index.html', 'first', ['A']), render);
    const file = join(root, `${timeSlot(now)}/pages/zh_CN/A/index.html`);
    now += 50_000;
    // A reader reached the service for it again: kept for another minute from now.
    published.publish(
      'pages/zh_CN/A/index.html',
      () => copy('pages/zh_CN/A/index.html', 'ignored: already published', ['A']),
      render,
    );
    now += 50_000;
    change('A', 'a2');
    await published.check();
    expect(readFileSync(file, 'utf8')).toBe('again');
    now += 61_000;
    change('A', 'a3');
    await published.check();
    expect(render).toHaveBeenCalledTimes(1);
    expect(existsSync(file)).toBe(false);
  });

  it('keeps at most so many copies current: past it, readers go through the cache', () => {
    const published = publisher({ maxCopies: 2 });
    for (const name of ['A', 'B', 'C'])
      published.publish(
        name,
        () => copy(`pages/zh_CN/${name}/index.html`, name, []),
        async () => undefined,
      );
    expect(published.size).toBe(2);
    expect(existsSync(join(root, `${timeSlot(now)}/pages/zh_CN/C/index.html`))).toBe(false);
  });

  it('never publishes a page that is not a 200', () => {
    const published = publisher();
    published.publish(
      'pages/zh_CN/X/index.html',
      () => copy('pages/zh_CN/X/index.html', 'missing', [], 404),
      async () => undefined,
    );
    expect(published.size).toBe(0);
    expect(existsSync(join(root, `${timeSlot(now)}/pages/zh_CN/X/index.html`))).toBe(false);
  });

  it('drops a past slot’s pages when the slot turns, and clears only slot folders at start', async () => {
    mkdirSync(join(root, 'keep-me'));
    writeFileSync(join(root, 'keep-me', 'notes.txt'), 'the operator’s');
    mkdirSync(join(root, '123', 'pages'), { recursive: true });
    const published = publisher();
    expect(existsSync(join(root, '123'))).toBe(false); // left by an earlier run: dependencies unknown
    expect(existsSync(join(root, 'keep-me', 'notes.txt'))).toBe(true);
    published.publish(
      'pages/zh_CN/A/index.html',
      () => copy('pages/zh_CN/A/index.html', 'slot one', []),
      async () => undefined,
    );
    const before = timeSlot(now);
    now += 1_000_000;
    await published.check();
    expect(existsSync(join(root, String(before)))).toBe(false);
    expect(published.size).toBe(0);
    published.stop();
    expect(existsSync(join(root, 'keep-me', 'notes.txt'))).toBe(true);
  });

  it('moves a document’s file when it becomes official; a small body has no gzip copy, and an old one goes', async () => {
    change('A', 'a1');
    const published = publisher();
    const live = 'documents/live/api/crs/odf/json/DT_RESULT/A';
    const official = 'documents/official/api/crs/odf/json/DT_RESULT/A';
    published.publish(
      'DT_RESULT/A',
      () => copy(live, 'live result', ['A']),
      async () => ({
        ...copy(official, 'official result', ['A']),
        gzip: undefined,
      }),
    );
    const slot = String(timeSlot(now));
    expect(fileText(`${slot}/${live}.gz`)).toBe('gz:live result');
    change('A', 'a2');
    await published.check();
    expect(existsSync(join(root, slot, live))).toBe(false);
    expect(existsSync(join(root, slot, `${live}.gz`))).toBe(false);
    expect(fileText(`${slot}/${official}`)).toBe('official result');
    expect(existsSync(join(root, slot, `${official}.gz`))).toBe(false);
  });

  it('gives every version of a file a later modification time (nginx’s ETag is the time and the size)', () => {
    const folder = new PublishedFolder(root);
    const times = ['one', 'two', 'six'].map((text) => {
      folder.write('1/pages/zh_CN/A/index.html', Buffer.from(text), Buffer.from(text));
      return statSync(join(root, '1/pages/zh_CN/A/index.html')).mtimeMs;
    });
    expect(times[1]).toBeGreaterThanOrEqual(times[0]! + 1000);
    expect(times[2]).toBeGreaterThanOrEqual(times[1]! + 1000);
  });

  it('stops publishing when told, and removes what it wrote', () => {
    const published = publisher();
    published.publish(
      'pages/zh_CN/A/index.html',
      () => copy('pages/zh_CN/A/index.html', 'a', []),
      async () => undefined,
    );
    published.stop();
    expect(existsSync(join(root, String(timeSlot(now))))).toBe(false);
    published.publish(
      'pages/zh_CN/B/index.html',
      () => copy('pages/zh_CN/B/index.html', 'b', []),
      async () => undefined,
    );
    expect(existsSync(join(root, String(timeSlot(now))))).toBe(false);
  });
});
