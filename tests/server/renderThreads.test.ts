import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitCsvUrl } from '../../src/core/csvLinks';
import { SERVER_TABLE_ROWS } from '../../src/core/views';
import { readConfig } from '../../src/server/config';
import { serveCsv } from '../../src/server/csv/serve';
import { serveReport } from '../../src/server/reports/serve';
import { createPodiumServer, type ServerOptions } from '../../src/server/http/server';
import type { RenderAnswer, RenderTask } from '../../src/server/http/renderTasks';
import { Site } from '../../src/server/http/site';
import { ThreadPool } from '../../src/server/threads/pool';
import { openService, type Service } from '../../src/server/service';
import { MB } from './helpers';

/**
 * Rendering never blocks reading (issue 14): pages render, CSV files and report PDFs are made on render threads,
 * and posted messages are ingested on a thread of their own, each with its own connection to the store, while the
 * serving thread answers /v.json and documents. A real file store (a thread cannot open one in
 * memory), the real server on loopback.
 */
const FINAL = 'SWMM100MFR------------FNL-000100--';
const BIG = 'SWMM1500MFR-----------HEAT000100--';
/** As long a field as the demo's open marathon: its CSV file is the longest one the games make. */
const MARATHON = 'SWMM800MFR------------FNL-000100--';
const MARATHON_ROWS = 5_200;
const TOKEN = 'render-threads-test-token';
const athlete = (i: number) =>
  `<Competitor Code="${100000 + i}" Type="A" Organisation="GDG"><Composition><Athlete Code="${100000 + i}" Order="1"><Description GivenName="Wei${i}" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor>`;
const result = (code: string, version: number, rows: number) =>
  `<OdfBody DocumentType="DT_RESULT" DocumentCode="${code}" Version="${version}" ResultStatus="LIVE"><Competition>${Array.from(
    { length: rows },
    (_, i) =>
      `<Result Rank="${i + 1}" Result="${(47 + version + i / 100).toFixed(2)}" SortOrder="${i + 1}">${athlete(i + 1)}</Result>`,
  ).join('')}</Competition></OdfBody>`;

let dir: string;
let service: Service;
const servers: Server[] = [];
let threaded: string;
let inProcess: string;

async function listen(threads: ServerOptions['threads'], wakeWriter?: () => void): Promise<string> {
  const server = createPodiumServer(service, {
    config: readConfig({ PODIUM_ADMIN_TOKEN: TOKEN, PODIUM_DATA: dir }),
    distDir: '/nonexistent-dist',
    version: 'test',
    threads,
    wakeWriter,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'podium-threads-'));
  service = await openService({ dataDir: dir, maxMessageBytes: 64 * MB });
  expect(service.ingestor.ingest(Buffer.from(result(FINAL, 1, 8)), 'test').outcome).toBe('stored');
  // A field long enough that its page takes a noticeable while to render (tens of MB of XML).
  expect(service.ingestor.ingest(Buffer.from(result(BIG, 1, 30_000)), 'test').outcome).toBe('stored');
  expect(service.ingestor.ingest(Buffer.from(result(MARATHON, 1, MARATHON_ROWS)), 'test').outcome).toBe('stored');
  threaded = await listen({ render: 1, ingest: true });
  // A store has one writer, the threaded server's. With a second, inline one here, whichever looked
  // first applied a posted message, and when it was this one the serving thread was busy for seconds.
  inProcess = await listen(undefined, () => undefined);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Asks `ask` one request after another until `work` settles; the longest wait between answers.
 * Measured against the work's own length, a loaded machine slows both sides alike: on the serving
 * thread (threads off) the longest wait is nearly the whole work (2.9 s of a 3.0 s ingest here).
 */
async function answersWhile<T>(work: Promise<T>, ask: (i: number) => Promise<void>) {
  let done = false;
  const start = performance.now();
  const settled = work.finally(() => {
    done = true;
  });
  const answeredAt = [start];
  while (!done) {
    await ask(answeredAt.length);
    answeredAt.push(performance.now());
  }
  const took = performance.now() - start;
  const longestWait = Math.max(...answeredAt.slice(1).map((at, i) => at - answeredAt[i]!));
  return { result: await settled, answers: answeredAt.length - 1, took, longestWait };
}

const page = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, etag: res.headers.get('etag'), html: await res.text() };
};

describe('render and ingest threads', () => {
  it('render the same page, byte for byte, as the serving thread does', async () => {
    const a = await page(threaded, `/${FINAL}`);
    const b = await page(inProcess, `/${FINAL}`);
    expect(a.status).toBe(200);
    expect(a.html.includes('ZHANG Wei1')).toBe(true);
    expect(a.etag).toBe(b.etag);
    const missing = await page(threaded, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.etag).toBe((await page(inProcess, '/no-such-page')).etag);
  });

  it('keep /v.json and documents answering while a long page renders', async () => {
    // Documents and /v.json are asked one after another for as long as the page renders: on its
    // own thread, the serving thread answers them all the while.
    // Not a page: a kept page's key has a time slot (site.ts pageKey), and one crossed mid-test is a
    // render that waits behind the long one on the single render thread (it failed a CI run so).
    const paths = ['/v.json', `/api/crs/odf/json/DT_RESULT/${FINAL}`];
    const run = await answersWhile(page(threaded, `/${BIG}`), async (i) => {
      const res = await fetch(`${threaded}${paths[i % paths.length]}`);
      expect(res.status).toBe(200);
      await res.text();
    });
    const big = run.result;
    expect(big.status).toBe(200);
    // A long table renders its first window on the server; the browser pages in the rest.
    // (Booleans, so that a failure does not print a 3 MB page.)
    expect(big.html.includes('"rowCount":30000')).toBe(true);
    expect(big.html.includes(`"ZHANG Wei${SERVER_TABLE_ROWS}"`)).toBe(true);
    expect(big.html.includes(`"ZHANG Wei${SERVER_TABLE_ROWS + 1}"`)).toBe(false);
    expect(run.answers).toBeGreaterThan(10);
    expect(run.longestWait, `longest wait ${run.longestWait.toFixed(0)} ms of ${run.took.toFixed(0)}`).toBeLessThan(
      run.took / 4,
    );
  }, 30_000);

  it('keep /v.json answering while a long CSV file is made, as the serving thread alone does not', async () => {
    // Each server asks its own language: the CSV files are kept per process, by address.
    const download = async (base: string, locale: 'en_US' | 'zh_HK') => {
      const res = await fetch(`${base}${unitCsvUrl(MARATHON, locale, 'result')}`);
      return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
    };
    const versionAt = (base: string) => async () => {
      const res = await fetch(`${base}/v.json`);
      expect(res.status).toBe(200);
      await res.text();
    };
    const run = await answersWhile(download(threaded, 'en_US'), versionAt(threaded));
    expect(run.result.status).toBe(200);
    // Headings, then every finisher: the whole field, not the page's first rows.
    const lines = run.result.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(MARATHON_ROWS + 1);
    expect(lines[MARATHON_ROWS]).toContain(`ZHANG Wei${MARATHON_ROWS}`);
    expect(run.longestWait, `longest wait ${run.longestWait.toFixed(0)} ms of ${run.took.toFixed(0)}`).toBeLessThan(
      run.took / 4,
    );
    // Made once: the next download is the kept file, and its ETag answers 304.
    const again = await fetch(`${threaded}${unitCsvUrl(MARATHON, 'en_US', 'result')}`, {
      headers: { 'If-None-Match': run.result.etag! },
    });
    expect(again.status).toBe(304);
    // Without render threads the same work holds the serving thread: the measure above can fail.
    // (A small file first loads the modules and the catalogue, whose reads would let it answer.)
    expect((await (await fetch(`${inProcess}${unitCsvUrl(FINAL, 'zh_HK')}`)).text()).length).toBeGreaterThan(0);
    const here = await answersWhile(download(inProcess, 'zh_HK'), versionAt(inProcess));
    expect(here.result.status).toBe(200);
    expect(
      here.longestWait,
      `longest wait ${here.longestWait.toFixed(0)} ms of ${here.took.toFixed(0)}`,
    ).toBeGreaterThan(here.took / 2);
  }, 60_000);

  it('keep /v.json answering while a long report PDF renders on a render thread', async () => {
    const report = async (base: string) => {
      const res = await fetch(`${base}/reports/${MARATHON}/C51.pdf`);
      return { status: res.status, type: res.headers.get('content-type'), pdf: Buffer.from(await res.arrayBuffer()) };
    };
    const run = await answersWhile(report(threaded), async () => {
      const res = await fetch(`${threaded}/v.json`);
      expect(res.status).toBe(200);
      await res.text();
    });
    expect(run.result.status).toBe(200);
    expect(run.result.type).toBe('application/pdf');
    // The whole field, to its last starter, in the report's text.
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: run.result.pdf }).toString('utf8');
    expect(text).toMatch(new RegExp(`\\bWei${MARATHON_ROWS}\\b`));
    expect(run.answers).toBeGreaterThan(5);
    expect(run.longestWait, `longest wait ${run.longestWait.toFixed(0)} ms of ${run.took.toFixed(0)}`).toBeLessThan(
      run.took / 4,
    );
    // The edition travels in the thread's request: the Hong Kong one comes back in Traditional Chinese.
    const hongKong = await fetch(`${threaded}/reports/zh_HK/${MARATHON}/C51.pdf`);
    expect(hongKong.status).toBe(200);
    expect(hongKong.headers.get('etag')).toMatch(/^"C51-zh_HK-/);
    const traditional = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: Buffer.from(await hongKong.arrayBuffer()),
    }).toString('utf8');
    expect(traditional).toContain('出場名單 Start List');
    expect(traditional).toMatch(new RegExp(`\\bWei${MARATHON_ROWS}\\b`));
  }, 60_000);

  it('ingest posted messages on the ingest thread; the serving thread sees them', async () => {
    const before = await page(threaded, `/${FINAL}`);
    const post = await fetch(`${threaded}/api/internal/odf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: result(FINAL, 2, 8),
    });
    expect(post.status).toBe(201);
    expect(await post.json()).toEqual({
      outcome: 'stored',
      logId: expect.any(Number),
      documentType: 'DT_RESULT',
      documentCode: FINAL,
      version: 2,
    });
    // Another connection's commit is seen within the store's data-version check (a tenth of a second).
    let after = before;
    for (let i = 0; i < 40 && after.etag === before.etag; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await page(threaded, `/${FINAL}`);
    }
    expect(after.etag).not.toBe(before.etag);
    expect(after.html.includes('49.00')).toBe(true);
    const refused = await fetch(`${threaded}/api/internal/odf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: '<notOdf/>',
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-ingest-error')).toBe('not-odf');
  });

  it('keep /v.json answering while a large message is ingested', async () => {
    const posting = fetch(`${threaded}/api/internal/odf`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: result(BIG, 2, 30_000),
    }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const run = await answersWhile(posting, async () => {
      await (await fetch(`${threaded}/v.json`)).text();
    });
    expect(run.result.status, run.result.body).toBe(201);
    expect(run.answers).toBeGreaterThan(10);
    expect(run.longestWait, `longest wait ${run.longestWait.toFixed(0)} ms of ${run.took.toFixed(0)}`).toBeLessThan(
      run.took / 4,
    );
  }, 30_000);

  it('render, make CSV files and reports on the serving thread when no render thread can start, and say so', async () => {
    const broken = new ThreadPool<RenderTask, RenderAnswer>(new URL('./fixtures/brokenThread.ts', import.meta.url), 1);
    const site = new Site('/nonexistent-dist', 'test', false, broken);
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/api/csv/')) return void serveCsv(req, res, service.store, path, broken);
      if (path.startsWith('/reports/')) return void serveReport(req, res, service, dir, path, broken);
      void site.serve(
        req,
        res,
        new URL(req.url ?? '/', 'http://x').pathname,
        { document: async <T>(type: string, code: string) => service.store.json<T>(type, code) },
        (type, code) => service.store.get(type, code)?.etag ?? '',
      );
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      const answer = await page(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, `/${FINAL}`);
      expect(answer.status).toBe(200);
      expect(answer.html.includes('ZHANG Wei1')).toBe(true);
      const file = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}${unitCsvUrl(FINAL, 'en_US')}`,
      );
      expect(file.status).toBe(200);
      expect(await file.text()).toContain('ZHANG Wei1');
      const report = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/reports/${FINAL}/C51.pdf`);
      expect(report.status).toBe(200);
      expect(
        Buffer.from(await report.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      console.error = original;
      await broken.close();
    }
    expect(errors.join('\n')).toMatch(/render thread: .*no thread could start.*rendering \/SWM/);
    expect(errors.join('\n')).toMatch(/render thread: .*no thread could start.*making \/api\/csv\/SWM/);
    expect(errors.join('\n')).toMatch(/render thread: .*no thread could start.*rendering SWM\S+ C51 here/);
  });
});
