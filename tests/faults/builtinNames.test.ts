import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';
import { openDemoService } from '../support/demoService';

/**
 * Issue 15, item 4: a request string that names a JavaScript built-in (`__proto__`, `constructor`,
 * ...) must never reach an object's prototype. Every route that takes a code from the URL is asked
 * with each such name: a clear 4xx (or a page saying there is nothing), never a 500 or a stack trace.
 */
const BUILT_IN_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'prototype',
  '__defineGetter__',
  'toLocaleString',
];
const ROUTES = (name: string) => [
  `/api/crs/odf/json/${name}/ALL`,
  `/api/crs/odf/json/DT_RESULT/${name}`,
  `/api/crs/odf/json/${name}/${name}`,
  `/api/crs/odf/json/SCHEDULE_DAY/${name}`,
  `/api/crs/commonCode/${name}`,
  `/reports/${name}/C73.pdf`,
  `/reports/${name}`,
  `/competitor/${name}`,
  `/delegation/${name}/schedule`,
  `/delegation/GDG/${name}`,
  `/discipline/${name}/schedule`,
  `/discipline/SWM/${name}`,
  `/${name}`,
  `/${name}/${name}`,
  `/SWM/${name}`,
  `/SWMM100MFR------------FNL-000100--?tab=${name}`,
  `/schedule/daily?date=${name}&discipline=${name}&venue=${name}`,
  `/schedule/delegation?org=${name}`,
  `/schedule/total?${name}=1`,
  `/medal/ranking?lang=${name}`,
  `/competitor/individuals?org=${name}`,
];

let services: Service[] = [];
let servers: Server[] = [];
let bases: string[] = [];
const errors: string[] = [];
const originalError = console.error;

beforeAll(async () => {
  // An empty store, and the demo games (whose competitors, delegations and reports exist).
  services = [await memoryService(), await openDemoService()];
  for (const service of services) {
    const server = createPodiumServer(service, {
      config: readConfig({}),
      distDir: '/nonexistent-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
}, 600_000);
afterAll(async () => {
  console.error = originalError;
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const service of services) service.close();
  servers = [];
  services = [];
  bases = [];
});

describe('request strings naming JavaScript built-ins', () => {
  it.each(BUILT_IN_NAMES)('"%s" in any route is answered without a server error', async (name) => {
    const failures: string[] = [];
    for (const base of bases)
      for (const path of ROUTES(name)) {
        const res = await fetch(`${base}${path}`, { redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${res.status} ${path}`);
      }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('feed codes naming JavaScript built-ins', () => {
  it('are stored and shown like any other code', async () => {
    const [service] = services;
    const [base] = bases;
    const athlete = (code: string, rank: number) =>
      `<Result Rank="${rank}" Result="48.${rank}" SortOrder="${rank}"><Competitor Code="${code}" Type="A" Organisation="GDG"><Composition><Athlete Code="${code}" Order="1"><Description GivenName="Proto${rank}" FamilyName="Type" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result>`;
    const xml = `<OdfBody DocumentType="DT_RESULT" DocumentCode="SWMM100MFR------------FNL-000100--" Version="1" ResultStatus="OFFICIAL"><Competition>${athlete('constructor', 1)}${athlete('__proto__', 2)}</Competition></OdfBody>`;
    expect(service!.ingestor.ingest(Buffer.from(xml), 'test').outcome).toBe('stored');
    const unit = await fetch(`${base}/SWMM100MFR------------FNL-000100--`);
    expect(unit.status).toBe(200);
    const html = await unit.text();
    expect(html).toContain('Proto1');
    expect(html).toContain('Proto2');
    expect(errors).toEqual([]);
  });
});
