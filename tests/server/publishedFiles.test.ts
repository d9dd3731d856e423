import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { documentCacheControl, SECURITY_HEADERS } from '../../src/server/http/headers';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';
import { startDeployNginx, type TestNginx } from '../support/nginx';
import { siteBuild } from '../support/siteBuild';

/**
 * Issue 27 item 1: Debian's nginx running deploy/nginx.conf as it is (paths and ports changed) in
 * front of the real service writing its pages into PODIUM_PUBLISH_DIR. A page a reader got once is
 * then a file nginx sends without asking the service, with the headers the service sends (the
 * policy's hash included: a change of the boot script that the configuration lacks fails here),
 * and a new result replaces the file without a reader reaching the service.
 */
const PUBLIC = 'https://results.example.org';
const FINAL = UNIT;

let service: Service;
let origin: PodiumServer;
let nginx: TestNginx;
let published: string;
/** Requests that reached the service, by path and query as sent. */
const reached: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  service = await memoryService();
  for (const message of [unitSchedule(), unitResult('48.10', '1')])
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  published = mkdtempSync(join(tmpdir(), 'podium-published-'));
  origin = createPodiumServer(service, {
    config: readConfig({ PODIUM_PUBLIC_URL: PUBLIC, PODIUM_PUBLISH_DIR: published }),
    // Built: its pages carry the boot script, whose hash the policy names.
    distDir: await siteBuild(),
    version: 'test',
  });
  origin.on('request', (req: { url?: string }) => reached.push(req.url ?? ''));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  nginx = await startDeployNginx((origin.address() as AddressInfo).port, published);
}, 300_000);

afterAll(async () => {
  agent.destroy();
  await nginx?.stop();
  await new Promise((resolve) => origin.close(resolve));
  service.close();
  rmSync(published, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port: nginx.port, host: '127.0.0.1', path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers a reader's browser acts on, as the service sends them and as nginx sends the file. */
const READER_HEADERS = [
  ...Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()),
  'content-security-policy',
  'cache-control',
  'vary',
  'content-type',
  'strict-transport-security',
];
const readerHeaders = (answer: Answer) =>
  Object.fromEntries(READER_HEADERS.map((name) => [name, answer.headers[name]]));

describe('deploy/nginx.conf sends published pages as files', () => {
  let first: Answer;

  it('asks the service for a page once, then sends its published file with the same bytes and headers', async () => {
    first = await get(`/${FINAL}`);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).not.toBe('FILE');
    expect(first.body.toString()).toContain('48.10');
    const before = reached.length;
    const again = await get(`/${FINAL}`);
    expect(again.headers['x-cache-status']).toBe('FILE');
    expect(again.body.equals(first.body)).toBe(true);
    expect(String(first.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
    expect(readerHeaders(again)).toEqual(readerHeaders(first));
    // Junk parameters name the same file.
    const junk = await get(`/${FINAL}?utm_source=x&tab=`);
    expect(junk.headers['x-cache-status']).toBe('FILE');
    expect(junk.body.equals(first.body)).toBe(true);
    expect(reached.length).toBe(before);
  });

  it('sends the gzip copy to a reader who takes gzip, and 304 to one who has the file', async () => {
    const gzipped = await get(`/${FINAL}`, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['x-cache-status']).toBe('FILE');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(first.body)).toBe(true);
    const etag = (await get(`/${FINAL}`)).headers.etag as string;
    const unchanged = await get(`/${FINAL}`, { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
  });

  it('keeps the languages apart: the cookie’s language is its own file; a language chosen by link asks the service', async () => {
    const cookie = { Cookie: 'podium-lang=en_US' };
    const english = await get(`/${FINAL}`, cookie);
    expect(english.body.toString()).toContain('lang="en');
    expect((await get(`/${FINAL}`, cookie)).headers['x-cache-status']).toBe('FILE');
    expect((await get(`/${FINAL}`, cookie)).body.equals(english.body)).toBe(true);
    expect((await get(`/${FINAL}`)).body.equals(first.body)).toBe(true);
    const chosen = await get(`/${FINAL}?lang=en_US`);
    expect(chosen.headers['x-cache-status']).not.toBe('FILE');
    expect(String(chosen.headers['set-cookie'])).toContain('podium-lang=en_US');
  });

  it('replaces the file when a new result arrives, with no reader reaching the service', async () => {
    const before = reached.filter((url) => url.startsWith(`/${FINAL}`)).length;
    expect(service.ingestor.ingest(unitResult('47.95', '2'), 'test').outcome).toBe('stored');
    const deadline = Date.now() + 5000;
    let latest = await get(`/${FINAL}`);
    while (!latest.body.toString().includes('47.95') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      latest = await get(`/${FINAL}`);
    }
    expect(latest.body.toString()).toContain('47.95');
    expect(latest.headers['x-cache-status']).toBe('FILE');
    expect(reached.filter((url) => url.startsWith(`/${FINAL}`)).length).toBe(before);
  });

  it('sends a document read once as a file with the service’s headers; an official one keeps its longer freshness', async () => {
    const path = `/api/crs/odf/json/DT_RESULT/${FINAL}`;
    const DOCUMENT_HEADERS = ['content-type', 'cache-control', 'vary', 'x-content-type-options'];
    const headersOf = (answer: Answer) =>
      Object.fromEntries(DOCUMENT_HEADERS.map((name) => [name, answer.headers[name]]));
    const firstDocument = await get(`${path}?r=1`, { 'Accept-Encoding': 'gzip' });
    expect(firstDocument.status).toBe(200);
    expect(firstDocument.headers['x-cache-status']).not.toBe('FILE');
    const file = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(file.headers['x-cache-status']).toBe('FILE');
    expect(file.headers['content-encoding']).toBe(firstDocument.headers['content-encoding']);
    expect(file.body.equals(firstDocument.body)).toBe(true);
    expect(headersOf(file)).toEqual(headersOf(firstDocument));
    expect(file.headers['cache-control']).toContain('max-age=5,');
    // Not a document's address: a gzip copy or a temporary file is never sent as one.
    expect((await get(`${path}.gz`)).headers['x-cache-status']).not.toBe('FILE');

    const before = reached.filter((url) => url.startsWith(path)).length;
    expect(service.ingestor.ingest(unitResult('47.90', '3', 'OFFICIAL'), 'test').outcome).toBe('stored');
    const deadline = Date.now() + 5000;
    let official = await get(path);
    while (!official.body.toString().includes('47.90') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      official = await get(path);
    }
    expect(official.headers['x-cache-status']).toBe('FILE');
    expect(official.body.toString()).toContain('47.90');
    expect(official.headers['cache-control']).toContain('max-age=60,');
    expect(official.headers['cache-control']).toBe(documentCacheControl('OFFICIAL'));
    expect(reached.filter((url) => url.startsWith(path)).length).toBe(before);
  });

  it('asks the service for what is not a page file: a parameter naming another folder, a page not published yet', async () => {
    const sneaky = await get(`/${FINAL}?tab=../../../etc`);
    expect(sneaky.headers['x-cache-status']).not.toBe('FILE');
    const medals = await get('/medal/ranking');
    expect(medals.status).toBe(200);
    expect(medals.headers['x-cache-status']).not.toBe('FILE');
    expect((await get('/medal/ranking')).headers['x-cache-status']).toBe('FILE');
    // What has no file gets the service's own answer, not nginx's.
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('页面未找到');
    const noDocument = await get(`/api/crs/odf/json/DT_RESULT/${'X'.repeat(34)}`);
    expect(noDocument.status).toBe(404);
    expect(JSON.parse(noDocument.body.toString())).toMatchObject({ error: { status: 404 } });
  });

  it('sends an embed’s file with the service’s headers for it: other sites may frame it, no other page', async () => {
    const path = `/embed/${FINAL}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).not.toBe('FILE');
    expect(first.headers['x-frame-options']).toBeUndefined();
    expect(String(first.headers['content-security-policy'])).toContain('frame-ancestors *');
    const again = await get(path);
    expect(again.headers['x-cache-status']).toBe('FILE');
    expect(again.body.equals(first.body)).toBe(true);
    expect(readerHeaders(again)).toEqual(readerHeaders(first));
    // The snippet's language goes to the service (and the cache), which remembers no choice for it.
    const chosen = await get(`${path}?lang=en_US`);
    expect(chosen.body.toString()).toContain('lang="en-US"');
    expect(chosen.headers['set-cookie']).toBeUndefined();
    expect(chosen.headers['x-frame-options']).toBeUndefined();
    const page = await get(`/${FINAL}`);
    expect(page.headers['x-cache-status']).toBe('FILE');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
