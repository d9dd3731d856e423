/**
 * Issue 49 item 3 behind deploy/nginx.conf: what nginx answers itself (a published document as a
 * file, its 304, its cache's copies, a preflight, Nchan's live streams) is as readable by other
 * sites as the service's answers, with the service's values (src/server/api/cors.ts); internal
 * routes stay closed. Debian's nginx with Nchan runs the configuration as it is, paths and ports set.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { unitCsvUrl } from '../../src/core/csvLinks';
import { ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS, PREFLIGHT_MAX_AGE } from '../../src/server/api/cors';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openEvents } from '../live/eventReader';
import { freePort, startDeployNginx, type TestNginx } from '../support/nginx';
import { PREFLIGHT, preflightOf, READABLE, readableBy } from '../support/corsAnswers';
import { http } from '../support/openapi';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';

const ORIGIN = { Origin: 'https://other-site.example' };
const DOCUMENT = `/api/crs/odf/json/DT_RESULT/${UNIT}`;
const CONF = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');

let service: Service;
let origin: PodiumServer;
let nginx: TestNginx & { livePublishUrl: string };
let published: string;
let direct: string;
let edge: string;

beforeAll(async () => {
  service = await memoryService();
  for (const message of [unitSchedule(), unitResult('48.10', '1')])
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  published = mkdtempSync(join(tmpdir(), 'podium-cors-edge-'));
  const livePort = await freePort();
  const config = readConfig({
    PODIUM_ADMIN_TOKEN: 'cors-edge-token-0123456789',
    PODIUM_PUBLISH_DIR: published,
    PODIUM_LIVE_PUBLISH_URL: `http://127.0.0.1:${livePort}/_live/pub/`,
  });
  origin = createPodiumServer(service, {
    config: { ...config, dataDir: '/nonexistent-podium-data' },
    distDir: '/nonexistent-podium-dist',
    version: 'cors-edge',
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  direct = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  nginx = await startDeployNginx((origin.address() as AddressInfo).port, published, livePort);
  edge = `http://127.0.0.1:${nginx.port}`;
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  const closed = new Promise((resolve) => origin?.close(resolve));
  origin?.closeAllConnections();
  await closed;
  service?.close();
  rmSync(published, { recursive: true, force: true });
});

const viaEdge = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  http(edge, path, { ...ORIGIN, ...headers }, method);

async function until(ok: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('documents at the edge', () => {
  it('are readable by other sites as a published file, to a reader taking gzip or not, and in its 304', async () => {
    const first = await viaEdge(DOCUMENT);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(readableBy(first)).toEqual(READABLE);
    await until(async () => (await viaEdge(DOCUMENT)).headers['x-cache-status'] === 'FILE', 'the published file');
    const file = await viaEdge(DOCUMENT);
    const packed = await viaEdge(DOCUMENT, { 'Accept-Encoding': 'gzip' });
    const unchanged = await viaEdge(DOCUMENT, { 'If-None-Match': String(file.headers.etag) });
    expect([file.status, packed.status, unchanged.status]).toEqual([200, 200, 304]);
    for (const answer of [file, packed, unchanged]) {
      expect(answer.headers['x-cache-status']).toBe('FILE');
      expect(readableBy(answer)).toEqual(READABLE);
    }
  });

  it('are readable by other sites from the cache, and in the 304 nginx makes of its copy', async () => {
    const versioned = `${DOCUMENT}?v=1`;
    const miss = await viaEdge(versioned);
    const hit = await viaEdge(versioned);
    const unchanged = await viaEdge(versioned, { 'If-None-Match': String(hit.headers.etag) });
    expect([miss.headers['x-cache-status'], hit.headers['x-cache-status'], unchanged.status]).toEqual([
      'MISS',
      'HIT',
      304,
    ]);
    for (const answer of [miss, hit, unchanged]) expect(readableBy(answer)).toEqual(READABLE);
  });

  it('answer a preflight at nginx as the service does', async () => {
    const service_ = await http(direct, DOCUMENT, { ...ORIGIN, ...PREFLIGHT }, 'OPTIONS');
    const atEdge = await viaEdge(DOCUMENT, PREFLIGHT, 'OPTIONS');
    expect(preflightOf(atEdge)).toEqual(preflightOf(service_));
    expect(preflightOf(atEdge)).toEqual({
      status: 204,
      allow: 'GET, HEAD',
      origin: '*',
      methods: 'GET, HEAD',
      headers: ALLOWED_REQUEST_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE,
      credentials: undefined,
    });
  });

  it('carry the service’s values wherever nginx sends a document file itself (the last copy too)', () => {
    // Each location of the server blocks, as the file indents them, with its body.
    const fileLocations = [...CONF.matchAll(/\n {4}location ([^\n{]+)\{\n([\s\S]*?)\n {4}\}/g)].filter(([, , body]) =>
      /rewrite \^ \S*documents/.test(body!),
    );
    expect(fileLocations.map(([, name]) => name!.trim())).toEqual([
      '/api/crs/',
      '@podium_official_document',
      '@podium_last_document',
    ]);
    for (const [, name, body] of fileLocations) {
      expect(body, name).toContain('add_header Access-Control-Allow-Origin * always;');
      expect(body, name).toContain(`add_header Access-Control-Expose-Headers "${EXPOSED_HEADERS}" always;`);
      expect(body, name).toContain('add_header Cross-Origin-Resource-Policy cross-origin always;');
    }
  });
});

describe('the rest of the API at the edge', () => {
  it('passes the service’s CORS on: search, the description, calendars, reports, the site version', async () => {
    for (const path of ['/api/search?q=x', '/api/openapi.json', '/calendar/discipline/SWM.ics', '/v.json']) {
      const answer = await viaEdge(path);
      expect(answer.status, path).toBe(200);
      expect(readableBy(answer), path).toEqual(READABLE);
      expect(preflightOf(await viaEdge(path, PREFLIGHT, 'OPTIONS')), path).toEqual(
        preflightOf(await http(direct, path, { ...ORIGIN, ...PREFLIGHT }, 'OPTIONS')),
      );
    }
    const report = await viaEdge(`/reports/${UNIT}/C73.pdf`);
    expect([report.status, report.headers['access-control-allow-origin']]).toEqual([404, '*']);
  });

  it('passes a CSV file on, readable by other sites, cached by its language and table', async () => {
    const result = await viaEdge(unitCsvUrl(UNIT, 'en_US', 'result'));
    expect(result.status).toBe(200);
    expect(readableBy(result)).toEqual(READABLE);
    expect((await viaEdge(unitCsvUrl(UNIT, 'en_US', 'result'))).headers['x-cache-status']).toBe('HIT');
    // Another tab is another file, not the cached one.
    const startList = await viaEdge(unitCsvUrl(UNIT, 'en_US', 'startlist'));
    expect(startList.headers['x-cache-status']).toBe('MISS');
    expect(startList.body.equals((await http(direct, unitCsvUrl(UNIT, 'en_US', 'startlist'))).body)).toBe(true);
  });

  it('lets another site subscribe to Nchan’s live streams, without credentials, and read a refusal', async () => {
    const stream = await openEvents(`${edge}/live?c=DT_RESULT.${UNIT}`, ORIGIN);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('access-control-allow-origin')).toBe('*');
      expect(stream.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      stream.close();
    }
    const refused = await viaEdge('/live?c=nope', { Accept: 'text/event-stream' });
    expect([refused.status, refused.headers['access-control-allow-origin']]).toEqual([400, '*']);
  });

  it('keeps internal routes closed to other sites', async () => {
    const coverage = await viaEdge('/api/internal/coverage');
    const preflight = await viaEdge(
      '/api/internal/odf',
      { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
      'OPTIONS',
    );
    for (const answer of [coverage, preflight])
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers a document’s preflight while the service is down', async () => {
    const closed = new Promise((resolve) => origin.close(resolve));
    origin.closeAllConnections();
    await closed;
    expect(preflightOf(await viaEdge(DOCUMENT, PREFLIGHT, 'OPTIONS')).status).toBe(204);
    expect(readableBy(await viaEdge(DOCUMENT))).toEqual(READABLE);
  });
});
