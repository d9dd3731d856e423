/**
 * The internal routes (the feed's and the operators': described, behind the admin token, never open
 * to other sites) and the site's own files (neither API nor described).
 */
import { NO_STORE } from '../http/headers';
import { errorAnswer } from './answers';
import type { Answer, Answers } from './types';

/** What every internal route may answer before its work: the token's refusals. */
const TOKEN_ANSWERS: Answers = {
  401: errorAnswer('No token, or a wrong one.', ['WWW-Authenticate']),
  403: errorAnswer('Internal routes are switched off: PODIUM_ADMIN_TOKEN is not set.'),
  429: errorAnswer('Too many wrong tokens from this client lately.', ['Retry-After']),
};

const json = (description: string): Answer => ({
  description,
  body: { media: 'application/json', schema: { type: 'object' } },
});

export const INTERNAL_ROUTES = {
  internalOdf: {
    methods: ['POST'],
    path: '/api/internal/odf',
    match: /^\/api\/internal\/odf$/,
    audience: 'internal',
    tag: 'internal',
    token: true,
    summary: { zh_CN: '提交 ODF 消息', zh_HK: '提交 ODF 訊息', en_US: 'Post an ODF message' },
    request: {
      description: 'One ODF message (`OdfBody`), as the feed sends it.',
      media: ['application/xml', 'text/xml'],
    },
    description:
      'One ODF message, the body (XML; gzip, deflate or br by Content-Encoding): logged, then applied in the order received. The answer names its row in the message log (`logId`) and its outcome (docs/operations.md).',
    caching: NO_STORE,
    parameters: [],
    answers: {
      200: json('Applied already (`unchanged`) or not for this service (`ignored`).'),
      201: json('Stored (`stored`): its documents are current.'),
      202: json('Logged and queued (`queued`): applied in its turn.'),
      400: errorAnswer('Refused: not ODF, a bad attribute, another games ...', ['X-Ingest-Error', 'X-Log-Id']),
      413: errorAnswer('Over PODIUM_MAX_MESSAGE_MB.', ['X-Ingest-Error', 'X-Log-Id']),
      415: errorAnswer('A Content-Encoding not taken.', ['X-Ingest-Error', 'X-Log-Id']),
      422: errorAnswer('Logged, but the service failed to apply it (an operator replays it).', ['X-Ingest-Error']),
      503: errorAnswer('Not taken now (the store busy or full): send it again.', ['Retry-After', 'X-Ingest-Error']),
      ...TOKEN_ANSWERS,
    },
  },
  internalMedalImport: {
    methods: ['POST'],
    path: '/api/internal/medal/import',
    match: /^\/api\/internal\/medal\/import$/,
    audience: 'internal',
    tag: 'internal',
    token: true,
    summary: { zh_CN: '导入奖牌修正', zh_HK: '匯入獎牌修正', en_US: 'Import medal corrections' },
    request: {
      description: 'Rows `organisation,gold,silver,bronze` (CSV with that header, or JSON rows); at most 1 MB.',
      media: ['text/csv', 'application/json'],
    },
    description:
      'Medal corrections per delegation, CSV (`organisation,gold,silver,bronze`) or JSON rows; a file with any bad row is refused whole, with its rows; every import is recorded.',
    caching: NO_STORE,
    parameters: [],
    answers: {
      201: json('Applied: `{ "import": <id>, "applied": <rows> }`.'),
      413: errorAnswer('Over 1 MB.'),
      422: errorAnswer('Not applied: `error.rows` says which rows and why.'),
      ...TOKEN_ANSWERS,
    },
  },
  internalCoverage: {
    methods: ['GET', 'HEAD'],
    path: '/api/internal/coverage',
    match: /^\/api\/internal\/coverage$/,
    audience: 'internal',
    tag: 'internal',
    token: true,
    summary: { zh_CN: '数据覆盖报告', zh_HK: '數據覆蓋報告', en_US: 'Feed coverage report' },
    description:
      "The sport editors' worklist from the message log (as `npm run coverage -- --json`): per sport and message type, the values no layout shows, those hidden on purpose, and how many are shown.",
    caching: NO_STORE,
    parameters: [
      {
        name: 'sport',
        in: 'query',
        description: 'One sport (a 3-character code).',
        schema: { type: 'string', pattern: '^[A-Za-z0-9]{3}$' },
      },
    ],
    answers: {
      200: json('The report.'),
      400: errorAnswer('`sport` is not a 3-character code.'),
      ...TOKEN_ANSWERS,
    },
  },
} as const;

/** The site's own files, answered by the service beside its pages: not API, not described. */
export const SITE_ROUTES = {
  serviceWorker: {
    methods: ['GET', 'HEAD'],
    path: '/sw.js',
    match: /^\/sw\.js$/,
    audience: 'site',
    tag: 'site',
    summary: { zh_CN: '网站的 Service Worker', zh_HK: '網站的 Service Worker', en_US: "The site's service worker" },
    description: 'Checked by browsers on every visit; a new site version makes a new worker.',
    caching: 'no-cache',
    parameters: [],
    answers: {},
  },
  favicon: {
    methods: ['GET', 'HEAD'],
    path: '/favicon.ico',
    match: /^\/favicon\.ico$/,
    audience: 'site',
    tag: 'site',
    summary: { zh_CN: '网站图标', zh_HK: '網站圖示', en_US: "The site's icon" },
    description: "No icon yet: 204, so a browser's automatic request shows no error.",
    caching: 'public, max-age=86400',
    parameters: [],
    answers: {},
  },
} as const;
