/**
 * Issue 17 item 1 and issue 49 item 1: one contract, and what the API's description says of it.
 * Every document of the demo games and of the real ODF samples, derived or stored as the feed sent
 * it, is read over HTTP from the service on loopback and checked against the schema that
 * `/api/openapi.json` gives the answer of its path: the description (generated from schemas/api.ts,
 * the schemas the browser's validators and both sides' types come from) is what is checked. Every
 * example the description gives answers on the demo games, as described.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENT_TYPES } from '../../schemas/api';
import { readConfig } from '../../src/server/config';
import { DERIVED_TYPES } from '../../src/server/derive';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openDemoService } from '../support/demoService';
import {
  DescribedSchemas,
  describedPathOf,
  errorsOf,
  http,
  readDescription,
  type Description,
} from '../support/openapi';
import { memoryService, readSample, sampleFiles } from './helpers';

interface Served {
  readonly service: Service;
  readonly server: PodiumServer;
  readonly base: string;
  readonly description: Description;
  readonly schemas: DescribedSchemas;
}

async function serve(service: Service): Promise<Served> {
  const config = { ...readConfig({}), dataDir: '/nonexistent-podium-data' };
  const server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'contract' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const description = await readDescription(base);
  return { service, server, base, description, schemas: new DescribedSchemas(description) };
}

async function stop(served: Served | undefined): Promise<void> {
  if (!served) return;
  await new Promise((resolve) => served.server.close(resolve));
  served.service.close();
}

/** GETs each URL, at most `width` at once. */
async function eachAtOnce<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Every document the store holds, read over HTTP (code tables also at their own address): those
 * that break what the description says of their path, as "path: problem" lines, and how many of
 * each type were read.
 */
async function breaches(served: Served): Promise<{ checked: Map<string, number>; problems: string[] }> {
  const rows = served.service.db.prepare('SELECT type, code FROM documents ORDER BY type, code').all() as {
    type: string;
    code: string;
  }[];
  const paths = rows.flatMap(({ type, code }) => [
    { type, path: `/api/crs/odf/json/${type}/${code}` },
    ...(type === 'COMMON_CODE' ? [{ type, path: `/api/crs/commonCode/${code}` }] : []),
  ]);
  const checked = new Map<string, number>();
  const problems: string[] = [];
  await eachAtOnce(paths, 8, async ({ type, path }) => {
    const described = describedPathOf(served.description, path);
    const validate = described ? served.schemas.answer(described, 'GET', 200) : undefined;
    if (!validate) return void problems.push(`${path}: no described answer (${described ?? 'no path'})`);
    const answer = await http(served.base, path);
    if (answer.status !== 200) return void problems.push(`${path}: ${answer.status}`);
    if (answer.headers['access-control-allow-origin'] !== '*') problems.push(`${path}: not readable by other sites`);
    if (!validate(JSON.parse(answer.body.toString('utf8')))) problems.push(`${path}: ${errorsOf(validate)}`);
    checked.set(type, (checked.get(type) ?? 0) + 1);
  });
  return { checked, problems };
}

describe('the contract as described', () => {
  let served: Served;
  beforeAll(async () => {
    const service = await memoryService();
    for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
    service.ingestor.flush();
    served = await serve(service);
  }, 300_000);
  afterAll(() => stop(served));

  it('describes every document type the service derives, each at its own path, and no other', () => {
    expect([...DERIVED_TYPES.keys()].sort()).toEqual([...API_DOCUMENT_TYPES].sort());
    for (const type of API_DOCUMENT_TYPES)
      expect(served.description.paths[`/api/crs/odf/json/${type}/{code}`]?.get, type).toBeDefined();
  });

  it('refuses a body that breaks it: a missing list, a field of the wrong type, a field it does not know', () => {
    const validate = (type: string, body: unknown) =>
      served.schemas.answer(`/api/crs/odf/json/${type}/{code}`, 'GET', 200)!(body);
    const unit = {
      code: 'SWMM100MFR------------FNL-000100--',
      discipline: 'SWM',
      event: 'SWMM100MFR--------------',
      phase: 'SWMM100MFR------------FNL-',
      name: { ENG: "Men's 100m Freestyle Final" },
      hideStartDate: false,
      venueName: {},
      locationName: {},
    };
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [unit] })).toBe(true);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12' })).toBe(false);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [{ ...unit, hideStartDate: 'N' }] })).toBe(false);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [{ ...unit, startDate: '2025' }] })).toBe(false);
    expect(validate('MEDAL_TALLY', { rows: [], totals: { gold: -1, silver: 0, bronze: 0, total: 0 } })).toBe(false);
    // A competitor line: four fixed columns, then names (a draft-07 tuple, described as prefixItems).
    expect(validate('COMPETITORS', { athletes: [['1', 'A', 'GDG', 'SWM', 'Zhang Wei']] })).toBe(true);
    expect(validate('COMPETITORS', { athletes: [['1', 'A', 'GDG']] })).toBe(false);
    expect(validate('COMPETITORS', { athletes: [['1', 'A', 'GDG', 'SWM', 7]] })).toBe(false);
    // A stored ODF document: strings and arrays of elements, nothing else.
    const odf = (body: unknown) => served.schemas.answer('/api/crs/odf/json/{type}/{code}', 'GET', 200)!(body);
    const envelope = { DocumentType: 'DT_RESULT', DocumentCode: unit.code, Version: '3' };
    expect(odf({ ...envelope, Competition: [{ Result: [{ Rank: '1', '#text': 'x' }] }] })).toBe(true);
    expect(odf({ ...envelope, Competition: [{ Result: [{ Rank: 1 }] }] })).toBe(false);
    expect(odf({ ...envelope, Competition: { Result: [] } })).toBe(false);
    expect(odf({ DocumentCode: unit.code, Version: '3' })).toBe(false);
  });

  it('holds for every document of the real ODF samples, derived and stored', async () => {
    const { checked, problems } = await breaches(served);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(checked.get('SCHEDULE_DISCIPLINE')).toBeGreaterThan(0);
    expect(checked.get('DT_SCHEDULE')).toBeGreaterThan(0);
    expect(checked.get('DT_RESULT')).toBeGreaterThan(0);
  }, 120_000);
});

describe('every document of the demo games', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(await openDemoService());
  }, 600_000);
  afterAll(() => stop(served));

  it('answers as described', async () => {
    const { checked, problems } = await breaches(served);
    expect(problems.slice(0, 20)).toEqual([]);
    // Every type is exercised: the demo games derive documents of each, and store the feed's.
    for (const type of [...API_DOCUMENT_TYPES, 'DT_RESULT', 'DT_SCHEDULE', 'DT_PARTIC', 'DT_MEDALLISTS'])
      expect(checked.get(type), type).toBeGreaterThan(0);
  }, 600_000);

  it('answers every example the description gives: the documented status, media type, caching and schema', async () => {
    const tried: string[] = [];
    for (const [template, item] of Object.entries(served.description.paths)) {
      const operation = item.get;
      // Internal routes need the token; the live stream never ends (tests/server/cors.test.ts reads it).
      if (!operation || 'security' in operation || template === '/live') continue;
      const parameters = operation.parameters ?? [];
      if (parameters.some((p) => p.in === 'path' && p.example === undefined)) continue;
      let path = template;
      for (const p of parameters.filter((p) => p.in === 'path')) path = path.replace(`{${p.name}}`, p.example!);
      const query = parameters.filter((p) => p.in === 'query' && p.example !== undefined);
      const url = `${path}${query.length ? `?${query.map((p) => `${p.name}=${p.example}`).join('&')}` : ''}`;
      tried.push(url);
      const answer = await http(served.base, url);
      expect(answer.status, url).toBe(200);
      const media = Object.keys(operation.responses['200']?.content ?? {})[0];
      expect(String(answer.headers['content-type']), url).toContain(media);
      // The description names the caching its answers carry.
      expect(operation.description, url).toContain(String(answer.headers['cache-control']));
      const validate = served.schemas.answer(template, 'GET', 200);
      if (validate)
        expect(validate(JSON.parse(answer.body.toString('utf8'))), `${url}: ${errorsOf(validate)}`).toBe(true);
    }
    // Most paths give one: every derived type but those addressed by a sport's code, and the rest.
    expect(tried.length).toBeGreaterThanOrEqual(20);
    expect(tried).toContain('/api/crs/odf/json/SCHEDULE_DAY/2025-11-12');
    expect(tried).toContain('/api/openapi.json');
  }, 120_000);
});
