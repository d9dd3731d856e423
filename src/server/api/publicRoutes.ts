/**
 * The public read API (DESIGN section 4): what any reader, and any site's script, may ask. In the
 * order the server matches them (documents first: the burst's path).
 */
import { LIVE_PATH, MAX_CHANNELS } from '../../core/live/channels';
import { COMMON_CODE_TABLES } from '../derive/commonCode';
import { documentCacheControl, NO_STORE } from '../http/headers';
import { QUERY_MAX } from '../search/index';
import { SEARCH_CACHE_CONTROL } from '../search/serve';
import { errorAnswer, lang, notModified, PUBLIC_ANSWER_HEADERS } from './answers';
import { DOCUMENT_CACHING, documentPaths } from './documentPaths';
import { OPENAPI_VERSION } from './version';
import type { ComponentName } from './schemas';
import type { Answers } from './types';

const READ = ['GET', 'HEAD'] as const;

/** The description's own caching: it changes with a new build of the service. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

const ok = (description: string, media: string, schema?: ComponentName): Answers => ({
  200: {
    description,
    body: { media, ...(schema === undefined ? {} : { schema }) },
    headers: ['Cache-Control', ...PUBLIC_ANSWER_HEADERS],
  },
});

export const PUBLIC_ROUTES = {
  document: {
    methods: READ,
    path: '/api/crs/odf/json/{type}/{code}',
    match: /^\/api\/crs\/odf\/json\/([^/]+)\/([^/]+)$/,
    audience: 'public',
    tag: 'documents',
    summary: { zh_CN: '存储或派生的文档', zh_HK: '儲存或衍生的文件', en_US: 'A stored or derived document' },
    description: 'One document, stored (an ODF message type) or derived (below, one path per type).',
    ...DOCUMENT_CACHING,
    parameters: [],
    answers: {},
    variants: documentPaths(),
  },
  commonCode: {
    methods: READ,
    path: '/api/crs/commonCode/{table}',
    match: /^\/api\/crs\/commonCode\/([^/]+)$/,
    audience: 'public',
    tag: 'documents',
    summary: { zh_CN: '代码表', zh_HK: '代碼表', en_US: 'A code table' },
    description: 'One of the code tables of the specification (section 7), as `{ "Result": { "Items": [...] } }`.',
    caching: documentCacheControl(null),
    parameters: [
      {
        name: 'table',
        in: 'path',
        required: true,
        description: 'The table.',
        schema: { enum: COMMON_CODE_TABLES },
        example: 'discipline',
      },
    ],
    answers: {
      200: {
        description: 'The table, with its validators.',
        body: { media: 'application/json', schema: 'COMMON_CODE' },
        headers: ['ETag', 'Last-Modified', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
      },
      304: notModified,
      404: errorAnswer('No such table, or not built yet.'),
      503: errorAnswer('Stored but damaged: ask again later.', ['Retry-After']),
    },
  },
  search: {
    methods: READ,
    path: '/api/search',
    match: /^\/api\/search$/,
    audience: 'public',
    tag: 'site',
    summary: {
      zh_CN: '搜索项目、代表团和运动员',
      zh_HK: '搜尋項目、代表團和運動員',
      en_US: 'Search sports, delegations and athletes',
    },
    description: `Hits for the site's search box: names in Simplified or Traditional characters, English, pinyin or initials, or codes; at most 20.`,
    caching: SEARCH_CACHE_CONTROL,
    parameters: [
      {
        name: 'q',
        in: 'query',
        description: `What to find (trimmed, the first ${QUERY_MAX} characters read).`,
        schema: { type: 'string' },
        example: 'GDG',
      },
      lang,
    ],
    answers: ok('The hits, in the language asked for.', 'application/json', 'SearchAnswer'),
  },
  openapi: {
    methods: READ,
    path: '/api/openapi.json',
    match: /^\/api\/openapi\.json$/,
    audience: 'public',
    tag: 'site',
    summary: {
      zh_CN: '本接口说明（OpenAPI 3.1）',
      zh_HK: '本介面說明（OpenAPI 3.1）',
      en_US: 'This description (OpenAPI 3.1)',
    },
    description: 'This document, generated from the route table and the contract (schemas/api.ts).',
    caching: OPENAPI_CACHE_CONTROL,
    parameters: [],
    answers: {
      200: {
        description: 'An OpenAPI 3.1 document.',
        body: {
          media: 'application/json',
          schema: {
            type: 'object',
            required: ['openapi', 'info', 'paths'],
            properties: { openapi: { const: OPENAPI_VERSION }, info: { type: 'object' }, paths: { type: 'object' } },
          },
        },
        headers: ['ETag', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
      },
      304: notModified,
    },
  },
  live: {
    methods: READ,
    path: LIVE_PATH,
    match: new RegExp(`^${LIVE_PATH}$`),
    audience: 'public',
    tag: 'live',
    summary: {
      zh_CN: '文档实时更新（服务器推送事件）',
      zh_HK: '文件即時更新（伺服器推送事件）',
      en_US: 'Live updates of documents (Server-Sent Events)',
    },
    description:
      "A stream (EventSource) of the new versions of the documents named. Each event: `id` to resume from (`Last-Event-ID`), `data` a LiveEvent in JSON (schema LiveEvent). The stream starts with the current version of each document; read the document again when its ETag is not your copy's. Behind deploy/nginx.conf, Nchan holds the streams (its own event ids).",
    caching: NO_STORE,
    parameters: [
      {
        name: 'c',
        in: 'query',
        required: true,
        description: `1 to ${MAX_CHANNELS} channels \`<TYPE>.<code>\` (a document each), separated by commas, unescaped.`,
        schema: { type: 'string' },
        example: 'MEDAL_TALLY.ALL,SCHEDULE.ALL',
      },
      {
        name: 'Last-Event-ID',
        in: 'header',
        description: 'The last event received: the stream resumes after it (browsers send it when they reconnect).',
        schema: { type: 'string' },
      },
    ],
    answers: {
      ...ok('The event stream; it never ends by itself.', 'text/event-stream'),
      400: errorAnswer('A channel list that names none, too many, or any no document could have.'),
    },
  },
  siteVersion: {
    methods: READ,
    path: '/v.json',
    match: /^\/v\.json$/,
    audience: 'public',
    tag: 'site',
    summary: { zh_CN: '网站版本', zh_HK: '網站版本', en_US: "The site's version" },
    description: 'The version of the site now served (`?r=` or any query is ignored: a way past caches).',
    caching: NO_STORE,
    parameters: [],
    answers: ok('The version.', 'application/json', 'SiteVersion'),
  },
  health: {
    methods: READ,
    path: '/healthz',
    match: /^\/healthz$/,
    audience: 'public',
    tag: 'operations',
    summary: { zh_CN: '健康检查', zh_HK: '健康檢查', en_US: 'Health check' },
    description: 'The service answers, with how many documents it holds.',
    caching: NO_STORE,
    parameters: [],
    answers: ok('Up.', 'application/json', 'Health'),
  },
} as const;
