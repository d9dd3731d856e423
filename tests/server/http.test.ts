import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { COMMON_CODE_TABLES } from '../../src/server/derive/commonCode';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { decodeEntities } from '../support/markupText';
import { memoryService, readSample, sampleFiles } from './helpers';

const TOKEN = 'test-token-0123456789';
const ATH = 'ATH'.padEnd(34, '-');
const BOBO = 'BOBOTEAM4-------------TRNO000500--';

/** A running service on loopback with the samples ingested; `token` switches internal writes on. */
async function start(token: string | undefined): Promise<{ service: Service; server: Server; base: string }> {
  const service = await memoryService();
  for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
  const config = { ...readConfig({}), adminToken: token, dataDir: '/nonexistent-podium-data' };
  const server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { service, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let on: Awaited<ReturnType<typeof start>>;
let off: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  [on, off] = await Promise.all([start(TOKEN), start(undefined)]);
});
afterAll(async () => {
  for (const s of [on, off]) {
    await new Promise((resolve) => s.server.close(resolve));
    s.service.close();
  }
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${on.base}${path}`, { headers });

describe('documents over HTTP', () => {
  it('answers a derived document with a strong ETag, Cache-Control, and 304 on If-None-Match', async () => {
    const res = await get('/api/crs/odf/json/SCHEDULE/ALL');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30, stale-if-error=86400');
    const body = (await res.json()) as { units: number; days: unknown[] };
    expect(body.units).toBe(643);
    const again = await get('/api/crs/odf/json/SCHEDULE/ALL', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/api/crs/odf/json/SCHEDULE/ALL', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('answers a feed document as stored, longer-lived once OFFICIAL', async () => {
    const schedule = await get(`/api/crs/odf/json/DT_SCHEDULE/${ATH}`);
    expect(schedule.status).toBe(200);
    expect(((await schedule.json()) as { DocumentCode: string }).DocumentCode).toBe(ATH);
    const result = await get(`/api/crs/odf/json/DT_RESULT/${BOBO}`);
    expect(result.headers.get('cache-control')).toContain('max-age=60');
    expect(((await result.json()) as { Version: string }).Version).toBe('163');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses for clients that accept gzip, same bytes inside', async () => {
    const plain = await (await get(`/api/crs/odf/json/DT_SCHEDULE/${ATH}`)).text();
    const res = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get: httpGet }) =>
        httpGet(`${on.base}/api/crs/odf/json/DT_SCHEDULE/${ATH}`, { headers: { 'Accept-Encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    });
    expect(res.encoding).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toBe(plain);
  });

  it('compresses pages for clients that accept gzip, the same page inside', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        import('node:http').then(({ get: httpGet }) =>
          httpGet(`${on.base}/schedule/total?lang=en_US`, { headers }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () =>
              resolve({ encoding: r.headers['content-encoding'], vary: r.headers.vary, body: Buffer.concat(chunks) }),
            );
          }).on('error', reject),
        );
      });
    const plain = await raw({});
    const packed = await raw({ 'Accept-Encoding': 'gzip, deflate' });
    expect(plain.encoding).toBeUndefined();
    expect(packed.encoding).toBe('gzip');
    expect(packed.vary).toBe('Accept-Encoding, Cookie');
    const page = gunzipSync(packed.body).toString('utf8');
    // The same bytes: a page carries nothing per response (no nonce), so it can be cached.
    expect(page).toBe(plain.body.toString('utf8'));
    expect(page).toContain('</html>');
  });

  it.each([
    ['/api/crs/odf/json/dt_result/' + BOBO, 400, /not a document type/],
    ['/api/crs/odf/json/DT_RESULT/BOBO', 400, /not a document code/],
    ['/api/crs/odf/json/SCHEDULE_DAY/tomorrow', 400, /not a valid code for SCHEDULE_DAY/],
    ['/api/crs/odf/json/DT_RESULT/' + 'SWM'.padEnd(34, '-'), 404, /no document DT_RESULT/],
    ['/api/crs/odf/json/SCHEDULE_DAY/2030-01-01', 404, /no document/],
    ['/api/crs/commonCode/nosuch', 404, /no code table "nosuch"/],
    ['/api/nothing/here', 404, /no API route/],
  ])('%s answers %i with a JSON error', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { status: number; message: string } };
    expect(body.error.status).toBe(status);
    expect(body.error.message).toMatch(message);
  });
});

describe('code tables', () => {
  it.each([...COMMON_CODE_TABLES])('%s answers { Result: { Items } }', async (table) => {
    const res = await get(`/api/crs/commonCode/${table}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    const body = (await res.json()) as { Result: { Items: unknown[] } };
    expect(Array.isArray(body.Result.Items)).toBe(true);
  });

  it('keeps the phase-type and venue tables each under its own key', async () => {
    const phaseTypes = (
      (await (await get('/api/crs/commonCode/phaseType')).json()) as { Result: { Items: { Id: string }[] } }
    ).Result.Items;
    const venues = ((await (await get('/api/crs/commonCode/venue')).json()) as { Result: { Items: { Id: string }[] } })
      .Result.Items;
    expect(phaseTypes.map((i) => i.Id)).toContain('3');
    expect(venues.map((i) => i.Id)).toContain('STA');
    expect(venues.map((i) => i.Id)).not.toContain('3');
  });

  it('lists every sport of the games with its names, and the events of a schedule', async () => {
    const tree = (
      (await (await get('/api/crs/commonCode/disciplineTree')).json()) as {
        Result: {
          Items: {
            Discipline: string;
            CHI_Description?: string;
            Events: { EventFullRsc: string; TeamEvent: string }[];
          }[];
        };
      }
    ).Result.Items;
    expect(tree.length).toBeGreaterThanOrEqual(52);
    const ath = tree.find((d) => d.Discipline === 'ATH')!;
    expect(ath.CHI_Description).toBe('田径');
    expect(ath.Events.length).toBeGreaterThan(40);
    expect(ath.Events[0]!.EventFullRsc).toHaveLength(34);
  });
});

describe('the site and its headers', () => {
  it('answers /v.json uncached', async () => {
    const res = await get('/v.json?r=123');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ v: 'test' });
  });

  it('serves pages with the same Content-Security-Policy every time (no nonce) and the security headers', async () => {
    const res = await get('/schedule/total');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')?;/);
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const other = (await get('/schedule/total')).headers.get('content-security-policy');
    expect(other).toBe(csp);
  });

  it('lets other sites frame the embeds only: refused everywhere else', async () => {
    for (const path of ['/embed/medals?lang=en_US', `/embed/${BOBO}?lang=zh_HK`, '/embed/schedule?date=2025-11-15']) {
      const embed = await get(path);
      expect(embed.status, path).toBe(200);
      const csp = embed.headers.get('content-security-policy')!;
      expect(csp, path).toContain('frame-ancestors *');
      expect(csp, path).not.toContain("frame-ancestors 'none'");
      expect(embed.headers.get('x-frame-options'), path).toBeNull();
      expect(embed.headers.get('x-content-type-options'), path).toBe('nosniff');
      // The frame's language is its own, not the reader's choice: nothing remembered, so caches keep it.
      expect(embed.headers.get('set-cookie'), path).toBeNull();
      expect(embed.headers.get('cache-control'), path).toMatch(/^public/);
      const html = await embed.text();
      expect(html, path).toContain('<base target="_blank">');
      expect(html, path).toContain('data-wake-now');
    }
    expect(await (await get('/embed/medals?lang=en_US')).text()).toContain('<html lang="en-US"');
    expect((await get('/embed/no-such-embed')).status).toBe(404);
    for (const path of ['/medal/ranking', '/schedule/total?lang=en_US', `/${BOBO}`, '/embedded', '/no/such/page']) {
      const page = await get(path);
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(await page.text(), path).not.toContain('<base ');
    }
  });

  it('gives the medal table and a unit an Embed control leading to their snippet in the page’s language', async () => {
    const medals = await (await get('/medal/ranking?lang=zh_HK')).text();
    expect(medals).toContain('<p class="embed-offer"><a href="/developers/embed/medals">嵌入</a></p>');
    const unit = await (await get(`/${BOBO}?lang=en_US`)).text();
    expect(unit).toContain(`<p class="embed-offer"><a href="/developers/embed/${BOBO}">Embed</a></p>`);
    // readConfig's PODIUM_PUBLIC_URL: the snippet's only source of an absolute address.
    const origin = readConfig({}).publicUrl.origin;
    const medalsOffer = decodeEntities(await (await get('/developers/embed/medals?lang=zh_HK')).text());
    expect(medalsOffer).toContain(`<iframe src="${origin}/embed/medals?lang=zh_HK" title="獎牌榜 · `);
    const unitOffer = decodeEntities(await (await get(`/developers/embed/${BOBO}?lang=en_US`)).text());
    expect(unitOffer).toContain(`<iframe src="${origin}/embed/${BOBO}?lang=en_US"`);
    // The listener in the snippet believes only the site's messages.
    expect(unitOffer).toContain(`e.origin!==${JSON.stringify(origin)}`);
    // No offer for what is no embed, nor for a unit the feed never sent.
    for (const name of ['schedule', 'nothing', 'BOBOTEAM4-------------TRNO000900--'])
      expect((await get(`/developers/embed/${name}`)).status, name).toBe(404);
    // Other pages keep the slot empty.
    const schedule = await (await get('/schedule/total')).text();
    expect(schedule).toContain('<div class="embed-slot"></div>');
    expect(schedule).not.toContain('embed-offer');
  });
});

describe('internal writes', () => {
  const post = (base: string, path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', body, headers });
  const message = (version: number) =>
    `<?xml version="1.0" encoding="UTF-8"?><OdfBody DocumentType="DT_MEDALLISTS" DocumentCode="${'SWM'.padEnd(34, '-')}" Version="${version}"><Competition><Event Code="${'SWMM100MFR'.padEnd(34, '-')}"><Medal Type="ME_GOLD"><Competitor Code="1" Type="A" Organisation="GDG"/></Medal></Event></Competition></OdfBody>`;

  it('are switched off without PODIUM_ADMIN_TOKEN', async () => {
    const res = await post(off.base, '/api/internal/odf', message(1), { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /PODIUM_ADMIN_TOKEN is not set/,
    );
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { Authorization: 'Bearer nope' }],
    ['a token without Bearer', { Authorization: TOKEN }],
  ])('refuse %s with 401', async (_name, headers) => {
    for (const path of ['/api/internal/odf', '/api/internal/medal/import']) {
      const res = await post(on.base, path, message(1), headers as Record<string, string>);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="podium"');
    }
  });

  it('ingest a message over HTTP, and refuse a bad one with its reason', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const stored = await post(on.base, '/api/internal/odf', message(1), auth);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ outcome: 'stored', documentType: 'DT_MEDALLISTS', version: 1 });
    const again = await post(on.base, '/api/internal/odf', message(1), auth);
    expect(await again.json()).toMatchObject({ outcome: 'unchanged' });
    const bad = await post(on.base, '/api/internal/odf', '<OdfBody DocumentType="DT_RESULT"', auth);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/not well-formed XML/);
    const tally = (await (await get('/api/crs/odf/json/MEDAL_TALLY/ALL')).json()) as {
      rows: { organisation: string; gold: number }[];
    };
    expect(tally.rows).toContainEqual(expect.objectContaining({ organisation: 'GDG', gold: 1 }));
  });

  it('reject a medal import with a bad row whole, and apply a good one', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'text/csv' };
    const before = await (await get('/api/crs/odf/json/MEDAL_TALLY/ALL')).text();
    const bad = await post(
      on.base,
      '/api/internal/medal/import',
      'organisation,gold,silver,bronze\nSHH,1,0,0\nbad code,x,0,0\n',
      auth,
    );
    expect(bad.status).toBe(422);
    const rows = ((await bad.json()) as { error: { rows: { row: number; message: string }[] } }).error.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).toBe(3);
    expect(rows[0]!.message).toMatch(
      /^organisation "bad code" is not a delegation code; gold "x" is not a whole number within ±\d+$/,
    );
    expect(await (await get('/api/crs/odf/json/MEDAL_TALLY/ALL')).text()).toBe(before);
    const good = await post(
      on.base,
      '/api/internal/medal/import',
      'organisation,gold,silver,bronze\nSHH,1,0,2\n',
      auth,
    );
    expect(good.status).toBe(201);
    const tally = (await (await get('/api/crs/odf/json/MEDAL_TALLY/ALL')).json()) as {
      rows: { organisation: string; gold: number; bronze: number; corrected?: boolean }[];
    };
    expect(tally.rows).toContainEqual(
      expect.objectContaining({ organisation: 'SHH', gold: 1, bronze: 2, corrected: true }),
    );
    expect(on.service.db.prepare('SELECT count(*) AS n FROM medal_imports').get()).toEqual({ n: 1 });
  });
});
