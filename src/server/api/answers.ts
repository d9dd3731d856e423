/** What many routes share: the language parameter, a 304, a JSON error, a public answer's CORS headers. */
import { LOCALE_IDS } from '../../core/sports/vocabulary';
import type { HeaderName } from './responseHeaders';
import type { Answer, Parameter } from './types';

/** `?lang=`: the language of an answer's texts. */
export const lang: Parameter = {
  name: 'lang',
  in: 'query',
  description: 'The language of the texts (else zh_CN).',
  schema: { enum: LOCALE_IDS },
  example: 'en_US',
};

/** The headers every answer of a public route carries (cors.ts). */
export const PUBLIC_ANSWER_HEADERS: readonly HeaderName[] = [
  'Access-Control-Allow-Origin',
  'Access-Control-Expose-Headers',
];

export const notModified: Answer = {
  description:
    'The copy the client holds is current (`If-None-Match`, weak, listed or `*`; else `If-Modified-Since`): no body.',
  headers: ['ETag', 'Cache-Control', ...PUBLIC_ANSWER_HEADERS],
};

/** A JSON error (`{ "error": { "status", "message" } }`) for the reason given. */
export const errorAnswer = (description: string, headers: readonly HeaderName[] = []): Answer => ({
  description,
  body: { media: 'application/json', schema: 'Error' },
  ...(headers.length > 0 ? { headers } : {}),
});
