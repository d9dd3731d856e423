import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService, readSample, SAMPLES_DIR } from './helpers';

/**
 * Issue 24 (PDF ranges): report PDFs answer `Range` with 206 and the right slice, 416 past
 * the end, the whole file for several ranges or a stale If-Range, and are never compressed. The
 * real server on loopback; a real C73 report rendered from a real official result in real SQLite.
 */
const PORT = 18420;
const base = `http://127.0.0.1:${PORT}`;
const UNIT = 'BOBOTEAM4-------------TRNO000500--';
const REPORT = `/reports/${UNIT}/C73.pdf`;
/** A PDF an operator put in the data folder's reports/ (served as a file, not rendered). */
const KEPT = '/reports/kept/book.pdf';

let service: Service;
let server: Server;
let dataDir: string;
let whole: Buffer;
let etag: string;

beforeAll(async () => {
  service = await memoryService();
  service.ingestor.ingest(readSample(join(SAMPLES_DIR, 'BOBOTEAM4.DT_RESULT.O.xml')), 'test');
  dataDir = mkdtempSync(join(tmpdir(), 'podium-pdf-range-'));
  server = createPodiumServer(service, {
    config: { ...readConfig({}), dataDir },
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const res = await fetch(`${base}${REPORT}`);
  expect(res.status).toBe(200);
  whole = Buffer.from(await res.arrayBuffer());
  etag = res.headers.get('etag')!;
  expect(whole.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  mkdirSync(join(dataDir, 'reports', 'kept'), { recursive: true });
  writeFileSync(join(dataDir, 'reports', 'kept', 'book.pdf'), whole);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip, br', ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe.each([
  ['a rendered report', REPORT],
  ["a PDF in the data folder's reports/", KEPT],
])('%s', (_name, path) => {
  it('says it takes ranges, and is sent whole without one', async () => {
    const { res, bytes } = await get(path, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(bytes.equals(whole)).toBe(true);
  });

  it.each<[string, () => [number, number]]>([
    ['bytes=0-99', () => [0, 99]],
    ['bytes=100-1123', () => [100, 1123]],
    ['bytes=1000-', () => [1000, whole.length - 1]],
    ['bytes=-500', () => [whole.length - 500, whole.length - 1]],
    ['bytes=-99999999', () => [0, whole.length - 1]],
    ['bytes=200-99999999', () => [200, whole.length - 1]],
  ])('answers %s with 206 and those bytes of the file', async (range, span) => {
    const [start, end] = span();
    const { res, bytes } = await get(path, { Range: range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${whole.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(bytes.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=99999999-', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const { res } = await get(path, { Range: range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it.each(['bytes=0-9, 20-29', 'bytes=9-0', 'lines=0-9', 'bytes=x-y'])(
    'answers %s (several, reversed, another unit, malformed) whole',
    async (range) => {
      const { res, bytes } = await get(path, { Range: range });
      expect(res.status).toBe(200);
      expect(bytes.equals(whole)).toBe(true);
    },
  );

  it('answers HEAD with the headers of the whole', async () => {
    const res = await fetch(`${base}${path}`, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(whole.length));
  });
});

describe('If-Range', () => {
  it('takes the range when it names the current ETag', async () => {
    const { res, bytes } = await get(REPORT, { Range: 'bytes=10-19', 'If-Range': etag });
    expect(res.status).toBe(206);
    expect(bytes.equals(whole.subarray(10, 20))).toBe(true);
  });

  it.each([
    ['another version', '"C73-0.0"'],
    ['a weak tag', () => `W/${etag}`],
    ['a date', 'Wed, 21 Oct 2015 07:28:00 GMT'],
  ])('sends the whole file for %s', async (_name, value) => {
    const ifRange = typeof value === 'function' ? value() : value;
    const { res, bytes } = await get(REPORT, { Range: 'bytes=10-19', 'If-Range': ifRange });
    expect(res.status).toBe(200);
    expect(bytes.equals(whole)).toBe(true);
  });

  it('sends a file without an ETag whole for any If-Range', async () => {
    const { res } = await get(KEPT, { Range: 'bytes=10-19', 'If-Range': etag });
    expect(res.status).toBe(200);
  });
});
