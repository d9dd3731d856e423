import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { siteBuild } from '../support/siteBuild';
import { memoryService, readSample, sampleFiles } from './helpers';

/**
 * Issue 45 item 3: one HTTP layer for every kind of answer. Each is revalidated alike (304 on its
 * own ETag, on it made weak, in a list, on `*`; 200 on another tag) and negotiated alike (`gzip;q=0`
 * answered uncompressed, `gzip` answered gzip where the body is worth compressing), over loopback
 * against the real server with the ODF samples ingested and the site built.
 */
const ATH = 'ATH'.padEnd(34, '-');
const BOBO = 'BOBOTEAM4-------------TRNO000500--';

let service: Service;
let server: PodiumServer;
let base: string;
let dataDir: string;
let asset: string;

beforeAll(async () => {
  service = await memoryService();
  for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
  // Reports rendered here are kept in a folder of the test's own.
  dataDir = mkdtempSync(join(tmpdir(), 'podium-conditional-'));
  const distDir = await siteBuild();
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  asset = `/${Object.values(manifest).find((chunk) => chunk.isEntry)!.file}`;
  server = createPodiumServer(service, { config: { ...readConfig({}), dataDir }, distDir, version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET as sent, headers and all (node:http: fetch would add its own and undo the coding). */
const ask = (path: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    httpGet(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

/** Every kind of answer, and whether `gzip` gets it compressed (a PDF never: its streams are already). */
const ANSWERS: readonly { kind: string; path: () => string; compressible: boolean }[] = [
  { kind: 'a document', path: () => `/api/crs/odf/json/DT_SCHEDULE/${ATH}`, compressible: true },
  { kind: 'a derived document', path: () => '/api/crs/odf/json/SCHEDULE/ALL', compressible: true },
  { kind: 'a code table', path: () => '/api/crs/commonCode/discipline', compressible: true },
  { kind: 'a page', path: () => '/schedule/total', compressible: true },
  { kind: 'a PDF report', path: () => `/reports/${BOBO}/C73.pdf`, compressible: false },
  { kind: 'a calendar', path: () => '/calendar/discipline/DIV.ics', compressible: true },
  { kind: 'a built asset', path: () => asset, compressible: true },
  { kind: 'the service worker', path: () => '/sw.js', compressible: true },
];

describe.each(ANSWERS)('$kind', ({ path, compressible }) => {
  let first: Answer;
  beforeAll(async () => {
    first = await ask(path());
  }, 120_000);

  it('is answered with an ETag', () => {
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it.each([
    ['its own ETag', (etag: string) => etag],
    ['its ETag made weak', (etag: string) => `W/${etag}`],
    ['a list naming it', (etag: string) => `"not-this", ${etag}, W/"nor-this"`],
    ['*', () => '*'],
  ])('is a 304 without a body on %s, with its validator and caching headers', async (_, condition) => {
    const etag = String(first.headers.etag);
    const again = await ask(path(), { 'If-None-Match': condition(etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers.vary).toBe(first.headers.vary);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('is a 200 with its body on another tag', async () => {
    const other = await ask(path(), { 'If-None-Match': '"some-other-version", W/"and-another"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(first.body)).toBe(true);
  });

  it('is sent uncompressed to a reader who refuses gzip (gzip;q=0), and to one who asks identity', async () => {
    for (const refusal of ['gzip;q=0', 'gzip;q=0, identity', 'identity']) {
      const plain = await ask(path(), { 'Accept-Encoding': refusal });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(first.body)).toBe(true);
    }
  });

  it(`is sent ${compressible ? 'gzip' : 'as stored'} to a reader who takes gzip`, async () => {
    const packed = await ask(path(), { 'Accept-Encoding': 'gzip' });
    expect(packed.status).toBe(200);
    expect(packed.headers.etag).toBe(first.headers.etag);
    if (!compressible) return expect(packed.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(String(packed.headers.vary)).toMatch(/Accept-Encoding/);
    expect(gunzipSync(packed.body).equals(first.body)).toBe(true);
  });
});

describe('a document, by date', () => {
  it('is a 304 on If-Modified-Since its Last-Modified or later, a 200 before it', async () => {
    const path = `/api/crs/odf/json/DT_SCHEDULE/${ATH}`;
    const first = await ask(path);
    const lastModified = String(first.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect((await ask(path, { 'If-Modified-Since': lastModified })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await ask(path, { 'If-Modified-Since': before })).status).toBe(200);
    // The ETag comes first: another tag is a 200 whatever the date says.
    expect((await ask(path, { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified })).status).toBe(200);
  });

  it('is a 304 to a conditional request with Cache-Control: no-cache, as fetch sends it', async () => {
    const path = `/api/crs/odf/json/DT_SCHEDULE/${ATH}`;
    const etag = String((await ask(path)).headers.etag);
    expect((await fetch(`${base}${path}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });
});
