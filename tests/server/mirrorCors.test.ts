/**
 * Issue 49 behind deploy/nginx-static.conf (the mirror, no service): a CSV download is the file the
 * export writes for its link (exportSite.ts fileOf), served at the service's address, in the
 * address's language, with the service's bytes, type and (ASCII) file name; and the public read API
 * (documents, CSV files, calendars, reports, the description, the version) is as readable by other sites as the
 * service's, its preflight answered with the service's values (src/server/api/cors.ts). The files
 * are the service's own answers; tests/e2e/mirror.test.ts exports a games and follows the pages' links.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medalTableCsvUrl, unitCsvUrl } from '../../src/core/csvLinks';
import { readConfig } from '../../src/server/config';
import { fileOf } from '../../src/server/export/exportSite';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { startStaticMirror, type TestNginx } from '../support/nginx';
import { PREFLIGHT, preflightOf, READABLE, readableBy } from '../support/corsAnswers';
import { http, type Raw } from '../support/openapi';
import { memoryService, UNIT, unitResult, unitSchedule } from './helpers';

const ORIGIN = { Origin: 'https://other-site.example' };
const DOCUMENT = `/api/crs/odf/json/DT_RESULT/${UNIT}`;
const CALENDAR = '/calendar/discipline/SWM.ics?lang=en_US';
const DESCRIPTION = '/api/openapi.json';
/** The CSV links the mirror holds here: a unit's in two languages, its tab named once, the medal table's by total. */
const CSV_LINKS = [
  unitCsvUrl(UNIT, 'en_US'),
  unitCsvUrl(UNIT, 'zh_CN'),
  unitCsvUrl(UNIT, 'zh_HK', 'result'),
  medalTableCsvUrl('en_US', 'total'),
];

let service: Service;
let origin: PodiumServer;
let direct: string;
let folder: string;
let nginx: TestNginx;
let mirror: string;

beforeAll(async () => {
  service = await memoryService();
  for (const message of [unitSchedule(), unitResult('48.10', '1')])
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  origin = createPodiumServer(service, {
    config: readConfig({}),
    distDir: '/nonexistent-podium-dist',
    version: 'mirror-cors',
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  direct = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  // The files as the export writes them: the service's answer at its place, gzipped beside it.
  folder = mkdtempSync(join(tmpdir(), 'podium-mirror-cors-'));
  const write = (file: string, body: Buffer) => {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), body);
    writeFileSync(join(folder, `${file}.gz`), gzipSync(body));
  };
  for (const path of [...CSV_LINKS, DOCUMENT, CALENDAR, DESCRIPTION]) {
    const answer = await http(direct, path);
    expect(answer.status, path).toBe(200);
    write(fileOf(path), answer.body);
  }
  write('v.json', Buffer.from('{"v":"mirror"}'));
  nginx = await startStaticMirror(folder);
  mirror = `http://127.0.0.1:${nginx.port}`;
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await new Promise((resolve) => origin?.close(resolve));
  service?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The ASCII name of a Content-Disposition (the service's own adds the name in the page's language). */
const asciiName = (answer: Raw) => /filename="([^"]+)"/.exec(String(answer.headers['content-disposition']))?.[1];

describe('CSV downloads on the mirror', () => {
  it("are the service's file at the link's address: bytes, type, an attachment's name, readable by other sites", async () => {
    for (const link of CSV_LINKS) {
      const [service_, copy] = await Promise.all([http(direct, link, ORIGIN), http(mirror, link, ORIGIN)]);
      expect(copy.status, link).toBe(200);
      expect(copy.body.equals(service_.body), link).toBe(true);
      expect(copy.headers['content-type'], link).toBe(service_.headers['content-type']);
      expect(copy.headers['content-disposition'], link).toMatch(/^attachment; filename="[^"]+\.csv"$/);
      expect(copy.headers['x-content-type-options'], link).toBe('nosniff');
      expect(readableBy(copy), link).toEqual(READABLE);
      expect(readableBy(service_), link).toEqual(READABLE);
    }
    // Where the address names the table whole (its tab, its order), the name is the service's.
    for (const link of [unitCsvUrl(UNIT, 'zh_HK', 'result'), medalTableCsvUrl('en_US', 'total')])
      expect(asciiName(await http(mirror, link)), link).toBe(asciiName(await http(direct, link)));
    expect(asciiName(await http(mirror, medalTableCsvUrl('en_US', 'total')))).toBe('medals-total-en_US.csv');
    const packed = await http(mirror, unitCsvUrl(UNIT, 'en_US'), { 'Accept-Encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    const plain = await http(mirror, unitCsvUrl(UNIT, 'en_US'));
    const unchanged = await http(mirror, unitCsvUrl(UNIT, 'en_US'), { 'If-None-Match': String(plain.headers.etag) });
    expect(unchanged.status).toBe(304);
  });

  it("are in the address's language (zh_CN without one), never the reader's cookie, whatever the query's order", async () => {
    const english = (await http(direct, unitCsvUrl(UNIT, 'en_US'))).body;
    const chinese = (await http(direct, unitCsvUrl(UNIT, 'zh_CN'))).body;
    expect(english.equals(chinese)).toBe(false);
    const bare = `/api/csv/${UNIT}.csv`;
    expect((await http(mirror, bare, { cookie: 'podium-lang=en_US' })).body.equals(chinese)).toBe(true);
    expect((await http(mirror, `${bare}?lang=xx_XX`)).body.equals(chinese)).toBe(true);
    const swapped = await http(mirror, `${bare}?tab=result&lang=zh_HK`);
    expect(swapped.body.equals((await http(direct, unitCsvUrl(UNIT, 'zh_HK', 'result'))).body)).toBe(true);
    // The medal table takes no tab, a unit no order: as the service, they do not name another file.
    expect((await http(mirror, `${medalTableCsvUrl('en_US', 'total')}&tab=x`)).status).toBe(200);
    expect((await http(mirror, `${unitCsvUrl(UNIT, 'en_US')}&sort=total`)).status).toBe(200);
    // A file the export did not write (no page links it) is not there.
    expect((await http(mirror, medalTableCsvUrl('en_US'))).status).toBe(404);
  });
});

describe('cross-origin reads of the mirror', () => {
  it('give documents, calendars, the description and the version the service’s CORS headers, and reports’ misses too', async () => {
    for (const path of [DOCUMENT, CALENDAR, DESCRIPTION, '/v.json']) {
      const copy = await http(mirror, path, ORIGIN);
      expect(copy.status, path).toBe(200);
      expect(readableBy(copy), path).toEqual(READABLE);
      expect(readableBy(copy), path).toEqual(readableBy(await http(direct, path, ORIGIN)));
    }
    const unchanged = await http(mirror, DOCUMENT, { ...ORIGIN, 'If-None-Match': '*' });
    expect([unchanged.status, readableBy(unchanged)]).toEqual([304, READABLE]);
    const report = await http(mirror, `/reports/${UNIT}/C73.pdf`, ORIGIN);
    expect([report.status, report.headers['access-control-allow-origin']]).toEqual([404, '*']);
  });

  it('answer a preflight as the service does, for every public file', async () => {
    for (const path of [DOCUMENT, CSV_LINKS[0]!, CALENDAR, `/reports/${UNIT}/C73.pdf`, DESCRIPTION, '/v.json']) {
      const atMirror = preflightOf(await http(mirror, path, { ...ORIGIN, ...PREFLIGHT }, 'OPTIONS'));
      expect(atMirror.status, path).toBe(204);
      expect(atMirror, path).toEqual(preflightOf(await http(direct, path, { ...ORIGIN, ...PREFLIGHT }, 'OPTIONS')));
    }
  });

  it('leave the pages to the site’s own origin', async () => {
    const page = await http(mirror, '/medal/ranking', ORIGIN);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
