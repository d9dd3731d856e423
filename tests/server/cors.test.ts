/**
 * Issue 49 item 3: the public read API and the live channel answer cross-origin reads: `*` without
 * credentials, ETag exposed, a preflight for `If-None-Match`; internal routes never (no CORS
 * header, a preflight allowing nothing). The real service on loopback, the real ODF samples in
 * SQLite, every route of the table by its audience. (In a browser: corsBrowser.test.ts; behind
 * deploy/nginx.conf: corsEdge.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_REQUEST_HEADERS, EXPOSED_HEADERS } from '../../src/server/api/cors';
import { ROUTES, type RouteId } from '../../src/server/api/routes';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openEvents } from '../live/eventReader';
import { DescribedSchemas, http, readDescription, type Raw } from '../support/openapi';
import { memoryService, readSample, sampleFiles } from './helpers';

const TOKEN = 'cors-test-token-0123456789';
const ORIGIN = { Origin: 'https://other-site.example' };
const ATH = 'ATH'.padEnd(34, '-');
const BOBO = 'BOBOTEAM4-------------TRNO000500--';

let service: Service;
let server: PodiumServer;
let base: string;

beforeAll(async () => {
  service = await memoryService();
  for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
  service.ingestor.flush();
  const config = { ...readConfig({ PODIUM_ADMIN_TOKEN: TOKEN }), dataDir: '/nonexistent-podium-data' };
  server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'cors' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  const closed = new Promise((resolve) => server.close(resolve));
  // The stream's connection, idle once the server ended it, would hold the close for keepAliveTimeout.
  server.closeAllConnections();
  await closed;
  service.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  http(base, path, { ...ORIGIN, ...headers }, method);

/** Every `Access-Control-*` header of an answer. */
const corsOf = (answer: Raw) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')));

/** A request each route answers (without the stream, which never ends: read apart below). */
const ASKED: Readonly<Record<Exclude<RouteId, 'live'>, string>> = {
  document: '/api/crs/odf/json/SCHEDULE/ALL',
  commonCode: '/api/crs/commonCode/discipline',
  search: '/api/search?q=ATH&lang=en_US',
  csv: '/api/csv/medals.csv?lang=en_US',
  openapi: '/api/openapi.json',
  siteVersion: '/v.json?r=1',
  health: '/healthz',
  report: `/reports/${'SWM'.padEnd(34, '-')}/C51.pdf`,
  reportFile: '/reports/none.pdf',
  calendarDelegation: '/calendar/delegation/GER.ics',
  calendarDiscipline: '/calendar/discipline/ATH.ics',
  calendarFollow: '/calendar/follow.ics?discipline=ATH',
  internalOdf: '/api/internal/odf',
  internalMedalImport: '/api/internal/medal/import',
  internalCoverage: '/api/internal/coverage',
  serviceWorker: '/sw.js',
  favicon: '/favicon.ico',
};
const asked = Object.entries(ASKED) as [Exclude<RouteId, 'live'>, string][];

describe('the public read API', () => {
  it('lets any site read every public route, without credentials, its ETag exposed', async () => {
    for (const [id, path] of asked.filter(([id]) => ROUTES[id].audience === 'public')) {
      const answer = await get(path);
      expect(corsOf(answer), `${id} ${answer.status}`).toEqual({
        'access-control-allow-origin': '*',
        'access-control-expose-headers': EXPOSED_HEADERS,
      });
    }
    expect(EXPOSED_HEADERS).toMatch(/\bETag\b/);
  });

  it('sends documents readable by other sites however they are answered: whole, gzip, 304, HEAD, errors', async () => {
    const path = `/api/crs/odf/json/DT_RESULT/${BOBO}`;
    const whole = await get(path);
    const etag = String(whole.headers.etag);
    for (const [what, answer, status] of [
      ['whole', whole, 200],
      ['gzip', await get(path, { 'Accept-Encoding': 'gzip' }), 200],
      ['304', await get(path, { 'If-None-Match': etag }), 304],
      ['HEAD', await get(path, {}, 'HEAD'), 200],
      ['400', await get('/api/crs/odf/json/DT_RESULT/nope'), 400],
      ['404', await get(`/api/crs/odf/json/DT_RESULT/${'SWM'.padEnd(34, '-')}`), 404],
      ['404 table', await get('/api/crs/commonCode/nosuch'), 404],
      ['schedule', await get(`/api/crs/odf/json/DT_SCHEDULE/${ATH}`), 200],
    ] as const) {
      expect(answer.status, what).toBe(status);
      expect(answer.headers['access-control-allow-origin'], what).toBe('*');
      expect(answer.headers['cross-origin-resource-policy'], what).toBe('cross-origin');
    }
    expect(whole.headers['access-control-expose-headers']).toContain('ETag');
  });

  it('answers the preflight of a conditional read on every public route: GET and HEAD, If-None-Match, a day', async () => {
    for (const [id, path] of [
      ...asked.filter(([id]) => ROUTES[id].audience === 'public'),
      ['live', '/live?c=X.Y'] as const,
    ])
      for (const requested of ['if-none-match', 'if-modified-since', 'last-event-id']) {
        const preflight = await get(
          path,
          { 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': requested },
          'OPTIONS',
        );
        expect(preflight.status, id).toBe(204);
        expect(corsOf(preflight), id).toEqual({
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, HEAD',
          'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
          'access-control-max-age': '86400',
        });
        expect(ALLOWED_REQUEST_HEADERS.toLowerCase().split(', '), id).toContain(requested);
      }
  });

  it('lets any site subscribe to the live channel, and read its refusal of a bad list', async () => {
    const stream = await openEvents(`${base}/live?c=SCHEDULE.ALL`, ORIGIN);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('access-control-allow-origin')).toBe('*');
      expect(stream.headers.get('access-control-allow-credentials')).toBeNull();
      // It starts with the document's current version, as the description's LiveEvent says.
      const [event] = await stream.next(1);
      const description = await readDescription(base);
      const validate = new DescribedSchemas(description).compile({ $ref: '#/components/schemas/LiveEvent' });
      expect(validate(event!.data)).toBe(true);
      expect(event!.data).toMatchObject({ type: 'SCHEDULE', code: 'ALL', etag: service.store.etag('SCHEDULE', 'ALL') });
    } finally {
      stream.close();
    }
    const refused = await get('/live?c=nope');
    expect(refused.status).toBe(400);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('internal routes and the site', () => {
  it('send no CORS header, whatever they answer', async () => {
    for (const [id, path] of asked.filter(([id]) => ROUTES[id].audience !== 'public'))
      for (const method of ROUTES[id].methods) {
        const answer = await get(path, { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' }, method);
        expect(corsOf(answer), `${id} ${method} ${answer.status}`).toEqual({});
        if (ROUTES[id].audience === 'internal')
          expect(answer.headers['cross-origin-resource-policy'], id).toBe('same-origin');
      }
    // A page of the site, and a path under /api/ that no route takes.
    for (const path of ['/', '/schedule/total', '/api/nothing/here']) expect(corsOf(await get(path)), path).toEqual({});
  });

  it('allow nothing in a preflight: another site’s script may neither write nor read them', async () => {
    for (const [id, path] of asked.filter(([id]) => ROUTES[id].audience !== 'public')) {
      const preflight = await get(
        path,
        { 'Access-Control-Request-Method': ROUTES[id].methods[0]!, 'Access-Control-Request-Headers': 'authorization' },
        'OPTIONS',
      );
      expect(preflight.status, id).toBe(204);
      expect(preflight.headers.allow, id).toBe(ROUTES[id].methods.join(', '));
      expect(corsOf(preflight), id).toEqual({});
    }
  });
});
