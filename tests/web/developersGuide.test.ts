/**
 * The developers' page's reading of an OpenAPI description (pages/developers/guide.ts): example
 * requests only where every needed parameter has an example, the page's language for `lang`,
 * credentials-only paths left out, and a document of another shape refused.
 */
import { describe, expect, it } from 'vitest';
import { developersGuide, exampleRequest } from '../../src/web/pages/developers/guide';

const SERVER = 'https://results.example.org';
const lang = { name: 'lang', in: 'query', schema: { enum: ['zh_CN', 'zh_HK', 'en_US'] }, example: 'en_US' };

describe('example requests', () => {
  it('fill the path and query from the examples, the language from the page, commas unescaped', () => {
    const channels = { name: 'c', in: 'query', required: true, example: 'MEDAL_TALLY.ALL,SCHEDULE.ALL' };
    expect(exampleRequest(SERVER, '/live', [channels], 'zh_CN')).toBe(`${SERVER}/live?c=MEDAL_TALLY.ALL,SCHEDULE.ALL`);
    const org = { name: 'org', in: 'path', required: true, example: 'GDG' };
    expect(exampleRequest(SERVER, '/calendar/delegation/{org}.ics', [org, lang], 'zh_HK')).toBe(
      `${SERVER}/calendar/delegation/GDG.ics?lang=zh_HK`,
    );
  });

  it('are none where a path parameter or a required query parameter has no example', () => {
    expect(exampleRequest(SERVER, '/reports/{code}/C73.pdf', [{ name: 'code', in: 'path' }], 'en_US')).toBeUndefined();
    expect(exampleRequest(SERVER, '/x/{undescribed}', [], 'en_US')).toBeUndefined();
    expect(exampleRequest(SERVER, '/live', [{ name: 'c', in: 'query', required: true }], 'en_US')).toBeUndefined();
    // An optional one without an example is left out.
    expect(exampleRequest(SERVER, '/api/search', [{ name: 'q', in: 'query' }], 'en_US')).toBe(`${SERVER}/api/search`);
  });
});

describe('the guide', () => {
  const operation = (tag: string, summary: string, extra: Record<string, unknown> = {}) => ({
    tags: [tag],
    summary,
    'x-podium-summary': { zh_CN: `中${summary}`, zh_HK: `繁${summary}`, en_US: summary },
    'x-podium-caching': { value: 'no-store' },
    responses: {},
    ...extra,
  });
  const description = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1', license: { name: 'L' }, 'x-attribution': 'Credit' },
    servers: [{ url: SERVER }],
    tags: [{ name: 'site' }, { name: 'internal' }],
    paths: {
      '/v.json': { get: operation('site', 'Version'), head: operation('site', 'Version') },
      '/api/internal/odf': { post: operation('internal', 'Post', { security: [{ adminToken: [] }] }) },
    },
  };

  it('lists the paths that need no credentials by tag, in the page’s language', () => {
    const guide = developersGuide(description, 'zh_HK');
    expect(guide.groups).toEqual([
      {
        tag: 'site',
        routes: [
          {
            methods: 'GET, HEAD',
            path: '/v.json',
            summary: '繁Version',
            example: `${SERVER}/v.json`,
            caching: { value: 'no-store' },
          },
        ],
      },
    ]);
    expect([guide.licence, guide.attribution, guide.live]).toEqual([{ name: 'L' }, 'Credit', undefined]);
  });

  it('refuses what is not an OpenAPI document', () => {
    expect(() => developersGuide({ paths: [] }, 'en_US')).toThrow(/not an OpenAPI document/);
    expect(() => developersGuide('<html>', 'en_US')).toThrow(/not an OpenAPI document/);
  });
});
