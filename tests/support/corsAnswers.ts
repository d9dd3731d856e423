/**
 * How a browser reads an answer's CORS headers, for the tests of the service, its edge and its
 * mirror alike (tests/server/cors*.test.ts, mirrorCors.test.ts): what lets another site read it, and
 * what a preflight allows.
 */
import { CROSS_ORIGIN_RESOURCE, EXPOSED_HEADERS } from '../../src/server/api/cors';
import type { Raw } from './openapi';

/** The headers that let another site read an answer. */
export const readableBy = (answer: Raw) => ({
  origin: answer.headers['access-control-allow-origin'],
  exposed: answer.headers['access-control-expose-headers'],
  resource: answer.headers['cross-origin-resource-policy'],
  credentials: answer.headers['access-control-allow-credentials'],
});

/** What `readableBy` finds on a public answer: any origin, without credentials, its ETag exposed. */
export const READABLE = {
  origin: '*',
  exposed: EXPOSED_HEADERS,
  resource: CROSS_ORIGIN_RESOURCE['Cross-Origin-Resource-Policy'],
  credentials: undefined,
};

/** A preflight's CORS answer. */
export const preflightOf = (answer: Raw) => ({
  status: answer.status,
  allow: answer.headers.allow,
  origin: answer.headers['access-control-allow-origin'],
  methods: answer.headers['access-control-allow-methods'],
  headers: answer.headers['access-control-allow-headers'],
  maxAge: answer.headers['access-control-max-age'],
  credentials: answer.headers['access-control-allow-credentials'],
});

/** A cross-origin revalidation's preflight, as a browser sends it. */
export const PREFLIGHT = {
  'Access-Control-Request-Method': 'GET',
  'Access-Control-Request-Headers': 'if-none-match',
};
