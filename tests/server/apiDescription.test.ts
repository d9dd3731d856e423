/**
 * Issue 49 item 1: the API is described by an OpenAPI 3.1 document generated from the route table
 * and the contract, served at /api/openapi.json. It validates (a kept validator, which refuses a
 * broken one); every schema in it compiles as draft 2020-12; every route of the table is in it
 * with each of its methods, and nothing else; the server answers under /api/, /live, /reports and
 * /calendar only what the table routes (a route added outside the table fails here), and only as
 * described.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { searchHitSchema, type LiveEventBody, type SearchHitBody } from '../../schemas/api';
import type { LiveEvent } from '../../src/core/live/channels';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { describedPaths } from '../../src/server/api/openapi';
import { ROUTES, type RouteId } from '../../src/server/api/routes';
import { translate } from '../../src/server/api/schemas';
import type { RouteSpec } from '../../src/server/api/types';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { SEARCH_KINDS, type SearchHit } from '../../src/web/search/hits';
import { DescribedSchemas, describedPathOf, http, readDescription, type Description } from '../support/openapi';
import { memoryService, readSample, sampleFiles } from './helpers';

let service: Service;
let server: PodiumServer;
let base: string;
let description: Description;

beforeAll(async () => {
  service = await memoryService();
  for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
  service.ingestor.flush();
  // No admin token: the internal routes answer their documented 403.
  const config = { ...readConfig({}), dataDir: '/nonexistent-podium-data' };
  server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'described' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  description = await readDescription(base);
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

const routes = Object.entries(ROUTES) as [RouteId, RouteSpec][];

describe('the description at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document by a kept validator, which refuses a broken one', async () => {
    expect(description.openapi).toMatch(/^3\.1\.\d+$/);
    expect(await new Validator().validate(structuredClone(description) as unknown as Record<string, unknown>)).toEqual({
      valid: true,
    });
    // A path parameter that is not required (OpenAPI: it must be).
    const broken = structuredClone(description);
    (broken.paths['/api/crs/commonCode/{table}']!.get!.parameters![0] as { required?: boolean }).required = false;
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
    const unnamed = structuredClone(description) as unknown as { info: Record<string, unknown> };
    delete unnamed.info.title;
    expect((await new Validator().validate(unnamed as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it('is answered as a document is: a strong ETag, 304, gzip, readable by other sites', async () => {
    const first = await http(base, '/api/openapi.json');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await http(base, '/api/openapi.json', { 'If-None-Match': etag })).status).toBe(304);
    const packed = await http(base, '/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(packed.body).equals(first.body)).toBe(true);
  });

  it('gives schemas that all compile as JSON Schema draft 2020-12 in strict mode', () => {
    const schemas = new DescribedSchemas(description);
    const names = Object.keys(description.components.schemas);
    expect(names.length).toBeGreaterThan(25);
    for (const name of names)
      expect(() => schemas.compile({ $ref: `#/components/schemas/${name}` }), name).not.toThrow();
  });

  it('describes the search hits and live events as the site and the core read them', () => {
    // Both ways, checked by the compiler: the schema and the reader's type name the same fields.
    const agree: [
      SearchHit extends SearchHitBody ? true : false,
      SearchHitBody extends SearchHit ? true : false,
      LiveEvent extends LiveEventBody ? true : false,
      LiveEventBody extends LiveEvent ? true : false,
    ] = [true, true, true, true];
    expect(agree).toEqual([true, true, true, true]);
    expect(searchHitSchema.properties.kind.enum).toEqual(SEARCH_KINDS);
  });

  it('translates the contract from draft-07 keyword by keyword, and refuses what it cannot translate', () => {
    expect(translate({ type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'number' } })).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'number' },
    });
    expect(
      translate({ $id: 'x', properties: { items: { $ref: 'https://podium.invalid/schemas/api/OdfElement.json' } } }),
    ).toEqual({
      properties: { items: { $ref: '#/components/schemas/OdfElement' } },
    });
    expect(() => translate({ dependencies: { a: ['b'] } })).toThrow(/"dependencies" is not translated/);
    expect(() => translate({ $ref: 'https://elsewhere.example/x.json' })).toThrow(/is no component/);
  });
});

describe('the route table, the description and the server', () => {
  it('describes every public and internal route, each method on each of its paths, and nothing else', () => {
    const expected = new Map<string, Set<string>>();
    for (const [, spec] of routes) {
      if (spec.audience === 'site') continue;
      for (const described of describedPaths(spec)) {
        const methods = expected.get(described.path) ?? new Set<string>();
        for (const method of spec.methods) methods.add(method.toLowerCase());
        expected.set(described.path, methods);
      }
    }
    const actual = new Map(Object.entries(description.paths).map(([path, item]) => [path, new Set(Object.keys(item))]));
    expect(actual).toEqual(expected);
    // The site's own files are not API.
    expect(description.paths['/sw.js']).toBeUndefined();
  });

  it('names every route in the three languages of the site, and says what it does and how it is cached', () => {
    for (const [id, spec] of routes) {
      for (const locale of LOCALE_IDS) expect(spec.summary[locale].trim(), `${id} ${locale}`).not.toBe('');
      expect(spec.description.length, id).toBeGreaterThan(20);
      expect(spec.caching, id).not.toBe('');
    }
    for (const [id, spec] of routes)
      if (spec.audience !== 'site')
        for (const described of describedPaths(spec)) {
          const answers = Object.entries(described.answers);
          expect(
            answers.some(([status]) => status.startsWith('2')),
            `${id} ${described.path}`,
          ).toBe(true);
          for (const [status, answer] of answers) expect(answer?.description, `${id} ${status}`).toMatch(/\w/);
        }
    for (const [path, item] of Object.entries(description.paths))
      for (const operation of Object.values(item)) {
        expect(Object.keys(operation['x-podium-summary']).sort(), path).toEqual([...LOCALE_IDS].sort());
        expect(operation.description, path).toMatch(/Cache-Control: `[^`]+`/);
      }
  });

  it('says of every answer of a public route, and of no internal one, that other sites may read it', () => {
    for (const [path, item] of Object.entries(description.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, answer] of Object.entries(operation.responses)) {
          const cors = Object.keys(answer.headers ?? {}).includes('Access-Control-Allow-Origin');
          expect(cors, `${method} ${path} ${status}`).toBe(!('security' in operation));
        }
  });

  /** String, template and regular-expression literals that name a path under the API's prefixes. */
  const API_LITERAL = /(['"`]\/|\/\^\\\/)(api|live|reports|calendar)\b/g;
  const literalsIn = (source: string) => [...source.matchAll(API_LITERAL)].map((m) => m[0]);

  it('answers no path under /api/, /live, /reports or /calendar that the table does not route', () => {
    // Planted, the check finds what a route added beside the table would look like.
    expect(literalsIn(`if (path === '/api/new') return x; if (/^\\/live\\/x$/.test(p)) y;`)).toHaveLength(2);
    for (const file of ['src/server/http/server.ts', 'src/server/api/dispatch.ts']) {
      const source = readFileSync(join(ROOT, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      expect(literalsIn(source), file).toEqual([]);
    }
  });

  it('answers a path under those prefixes as its description says, and 404 where none describes it', async () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/);
    const path = fc
      .tuple(
        fc.constantFrom(
          '/api/',
          '/api/crs/odf/json/',
          '/api/crs/odf/json/SCHEDULE_DAY/',
          '/api/crs/commonCode/',
          '/api/internal/',
          '/live',
          '/live/',
          '/reports/',
          '/calendar/',
          '/calendar/delegation/',
        ),
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('', '.ics', '.pdf', '.json'),
      )
      .map(([prefix, segments, end]) => `${prefix}${segments.join('/')}${segments.length ? end : ''}`);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(path, async (url) => {
        const answer = await http(base, url);
        const template = describedPathOf(description, url);
        const operation = template ? description.paths[template]?.get : undefined;
        if (template && operation) {
          seen.add(template);
          expect(Object.keys(operation.responses), `${url} (${template})`).toContain(String(answer.status));
        } else if (template) expect(answer.status, `${url} (${template}, not GET)`).toBe(405);
        else expect(answer.status, url).toBe(404);
      }),
      { numRuns: 300 },
    );
    // Described paths were met, not only 404s.
    expect(seen.size).toBeGreaterThan(4);
  }, 60_000);

  it('answers a method a route does not take with 405 and its Allow, the same as its OPTIONS answer', async () => {
    for (const [id, spec] of routes) {
      const path = describedPaths(spec)[0]!.path.replace(/\{[^}]+\}/g, 'X');
      const allow = spec.methods.join(', ');
      const options = await http(base, path, {}, 'OPTIONS');
      expect([options.status, options.headers.allow], id).toEqual([204, allow]);
      const other = spec.methods.includes('POST') ? 'GET' : 'POST';
      const refused = await http(base, path, {}, other);
      expect([refused.status, refused.headers.allow], id).toEqual([405, allow]);
    }
  });
});
