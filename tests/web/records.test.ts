import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openDemoService } from '../support/demoService';

/** The records page over the demo games; what it should say is read from the feed's own results. */
let service: Service;
let server: Server;
let base: string;

beforeAll(async () => {
  service = await openDemoService();
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

describe('/record', () => {
  it("names each record's event and unit, with a header, rather than showing codes", async () => {
    const { records } = service.store.json<{ records: { unit: string; record: string; result?: string }[] }>(
      'RECORDS',
      'ALL',
    )!;
    expect(records.length).toBeGreaterThan(0);
    const html = await (await fetch(`${base}/record?lang=en_US`)).text();
    const head = html.match(/<thead>[\s\S]*?<\/thead>/)?.[0] ?? '';
    for (const label of ['Event', 'Record', 'Result', 'Name', 'Unit']) expect(head).toContain(`>${label}<`);
    const body = (html.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0] ?? '').replaceAll('&#x27;', "'");
    // No event code in a cell: events and units are named.
    expect(body).not.toMatch(/>[A-Z]{3}[A-Z0-9]+-{3,}/);
    const swim = records.find((r) => r.unit.startsWith('SWMM100MFR'));
    if (swim) expect(body).toContain("Men's 100m Freestyle");
    for (const r of records.slice(0, 5)) expect(body).toContain(`href="/${r.unit}"`);
  });
});
