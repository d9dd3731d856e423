import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import {
  buildMedalImportRequest,
  importContentType,
  importFormProblem,
  MEDAL_IMPORT_ENDPOINT,
  readMedalImportAnswer,
  sendMedalImport,
} from '../../src/web/components/medalImport';
import { openDemoService } from '../support/demoService';
import { memoryService } from '../server/helpers';

async function listen(service: Service, adminToken: string | undefined): Promise<{ server: Server; base: string }> {
  const server = createPodiumServer(service, {
    config: { ...readConfig({}), adminToken, dataDir: '/nonexistent-podium-data' },
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('the internal medal pages over the demo games', () => {
  let service: Service;
  let site: { server: Server; base: string };
  beforeAll(async () => {
    service = await openDemoService();
    site = await listen(service, undefined);
  }, 180_000);
  afterAll(async () => {
    if (site) await close(site.server);
    service?.close();
  });

  it('/internal/medal shows the tally and every event medallists, without the site header or footer', async () => {
    const res = await fetch(`${site.base}/internal/medal`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('site-header');
    expect(html).not.toContain('site-footer');
    expect(html).toContain('奖牌统计（组委会内部）');
    expect(html).toContain('href="/internal/medal/import"');
    const tally = service.store.json<{ rows: { organisation: string; gold: number; total: number }[] }>(
      'MEDAL_TALLY',
      'ALL',
    )!;
    const top = tally.rows[0]!;
    expect(html).toMatch(new RegExp(`<td>1</td><th scope="row">[^<]+</th><td>${top.gold}</td>`));
    const events = service.store.json<{ events: number }>('MEDALLISTS', 'ALL')!.events;
    expect(html).toContain(`已有 ${events} 个小项产生奖牌`);
  });

  it('/internal/medal/import is a form with labelled fields that says it needs JavaScript', async () => {
    const html = await (await fetch(`${site.base}/internal/medal/import?lang=en_US`)).text();
    expect(html).not.toContain('site-header');
    expect(html).toContain('<noscript>');
    expect(html).toContain('This form needs JavaScript');
    expect(html).toMatch(/<label for="([^"]+)-token">Admin token<\/label><input id="\1-token"[^>]*type="password"/);
    expect(html).toMatch(/<button type="submit" disabled="">/);
    expect(html).toContain('role="status"');
  });
});

describe('building an import request', () => {
  it('puts the token only in the Authorization header and labels the body CSV or JSON', () => {
    const csv = 'organisation,gold,silver,bronze\nGDG,1,0,0';
    const { url, init } = buildMedalImportRequest('  s3cret ', csv);
    expect(url).toBe(MEDAL_IMPORT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Authorization: 'Bearer s3cret', 'Content-Type': 'text/csv; charset=utf-8' });
    expect(init.body).toBe(csv);
    expect(init.credentials).toBe('omit');
    expect(importContentType(' [{"organisation":"GDG"}]')).toBe('application/json; charset=utf-8');
  });

  it('asks for the token, then the corrections, before sending', () => {
    expect(importFormProblem(' ', 'x')).toBe('token');
    expect(importFormProblem('t', '\n')).toBe('content');
    expect(importFormProblem('t', 'x')).toBeUndefined();
  });
});

describe("reading the server's answer", () => {
  it('reads an applied import, row errors, 401, 403, 413 and other failures', () => {
    expect(readMedalImportAnswer(201, { import: 4, applied: 2 })).toEqual({ kind: 'applied', importId: 4, applied: 2 });
    expect(
      readMedalImportAnswer(422, {
        error: { status: 422, message: 'the import was not applied', rows: [{ row: 3, message: 'bad gold' }] },
      }),
    ).toEqual({ kind: 'rejected', message: 'the import was not applied', rows: [{ row: 3, message: 'bad gold' }] });
    expect(readMedalImportAnswer(401, { error: { status: 401, message: 'no' } })).toEqual({
      kind: 'unauthorised',
      message: 'no',
    });
    expect(readMedalImportAnswer(403, undefined).kind).toBe('forbidden');
    expect(readMedalImportAnswer(413, undefined).kind).toBe('tooLarge');
    expect(readMedalImportAnswer(500, 'oops')).toEqual({
      kind: 'failed',
      status: 500,
      message: 'Request failed with status code 500',
    });
    expect(readMedalImportAnswer(201, {}).kind).toBe('failed');
  });

  it('turns a network failure into a failure, not a throw', async () => {
    const offline = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    expect(await sendMedalImport('t', 'x', offline)).toMatchObject({ kind: 'failed', status: 0 });
  });
});

describe('an import round trip against the endpoint', () => {
  const TOKEN = 'round-trip-token';
  let service: Service;
  let site: { server: Server; base: string };
  beforeAll(async () => {
    service = await memoryService();
    site = await listen(service, TOKEN);
  });
  afterAll(async () => {
    await close(site.server);
    service.close();
  });
  const tally = () =>
    service.store.json<{ rows: { organisation: string; gold: number; corrected?: boolean }[] }>('MEDAL_TALLY', 'ALL')
      ?.rows ?? [];

  it('applies valid corrections and the tally shows them', async () => {
    const outcome = await sendMedalImport(TOKEN, 'organisation,gold,silver,bronze\nGDG,2,0,1\n', fetch, site.base);
    expect(outcome).toMatchObject({ kind: 'applied', applied: 1 });
    expect(tally().find((r) => r.organisation === 'GDG')).toMatchObject({ gold: 2, corrected: true });
    const json = await sendMedalImport(
      TOKEN,
      '[{"organisation":"SHH","gold":1,"silver":1,"bronze":0}]',
      fetch,
      site.base,
    );
    expect(json).toMatchObject({ kind: 'applied', applied: 1 });
  });

  it('answers every invalid row, and applies nothing', async () => {
    const before = JSON.stringify(tally());
    const outcome = await sendMedalImport(
      TOKEN,
      'organisation,gold,silver,bronze\nGDG,1,0,0\ngdg!,x,0,0\nGDG,1,1,1\n',
      fetch,
      site.base,
    );
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    expect(outcome.rows.map((r) => r.row)).toEqual([3, 4]);
    expect(outcome.rows[0]!.message).toContain('not a delegation code');
    expect(JSON.stringify(tally())).toBe(before);
  });

  it('refuses a wrong token (401) and says when imports are switched off (403)', async () => {
    expect(
      await sendMedalImport('wrong', 'organisation,gold,silver,bronze\nGDG,1,0,0', fetch, site.base),
    ).toMatchObject({ kind: 'unauthorised' });
    const off = await listen(service, undefined);
    try {
      expect(await sendMedalImport(TOKEN, 'organisation,gold,silver,bronze\nGDG,1,0,0', fetch, off.base)).toMatchObject(
        { kind: 'forbidden' },
      );
    } finally {
      await close(off.server);
    }
  });
});
