/**
 * The route table (issue 49): every path the service answers beside its pages, each once, with
 * what its description says and who may ask. The server dispatches through it (a handler per route
 * id: src/server/http/server.ts), the OpenAPI description is generated from it (openapi.ts), and
 * CORS follows its audience (cors.ts). A route the server answers without an entry here cannot
 * compile, and tests/server/apiDescription.test.ts fails on one described by nothing.
 */
import { INTERNAL_ROUTES, SITE_ROUTES } from './internalRoutes';
import { FILE_ROUTES } from './fileRoutes';
import { PUBLIC_ROUTES } from './publicRoutes';
import { CSV_ROUTES } from '../csv/route';
import type { RouteSpec } from './types';

/** In the order the server tries them: the first whose `match` takes the path answers it. */
export const ROUTES = {
  ...PUBLIC_ROUTES,
  ...CSV_ROUTES,
  ...FILE_ROUTES,
  ...INTERNAL_ROUTES,
  ...SITE_ROUTES,
} as const satisfies Readonly<Record<string, RouteSpec>>;

export type RouteId = keyof typeof ROUTES;

/** Paths under this prefix that no route takes are the API's 404, never a page. */
export const API_PREFIX = '/api/';

/** A route as the server looks it up: its id, its spec, and what it answers, made once. */
export interface TableRoute {
  readonly id: RouteId;
  readonly spec: RouteSpec;
  readonly match: RegExp;
  /** The methods it takes, as `Allow` lists them. */
  readonly allow: string;
  readonly methods: ReadonlySet<string>;
  /** Readable by other sites (cors.ts): the public routes. */
  readonly cors: boolean;
}

export const ROUTE_LIST: readonly TableRoute[] = (Object.keys(ROUTES) as RouteId[]).map((id) => {
  const spec: RouteSpec = ROUTES[id];
  return {
    id,
    spec,
    match: spec.match,
    allow: spec.methods.join(', '),
    methods: new Set(spec.methods),
    cors: spec.audience === 'public',
  };
});
