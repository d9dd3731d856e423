import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routesWithIds } from '../../src/web/app/matchedRoutes';
import { routes } from '../../src/web/app/routes';

const PAGES = [
  '/schedule/total',
  '/medal/ranking',
  '/delegation/GDG/schedule',
  '/discipline/SWM/result',
  '/competitor/individuals',
  '/competitor/1060004',
  '/ATMMMARATHON----------FNL-000100--',
  '/SWM/records',
  '/scheduleMobile',
  '/internal/medal/import',
  '/no/such/page/here',
];

describe('the routes a page matched, found by the ids the server lists', () => {
  it('gives every page route an id, unique across the tree', () => {
    const ids: string[] = [];
    const walk = (tree: readonly RouteObject[]) => {
      for (const route of tree) {
        if (route.lazy) expect(route.id, `a lazy route (${route.path}) without an id`).toBeTypeOf('string');
        if (route.id) ids.push(route.id);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(PAGES)('finds the same lazy routes as matching the URL: %s', (path) => {
    // The ids the server lists: those of its data routes (the same tree, explicit ids kept).
    const handler = createStaticHandler(routes);
    const serverIds = (matchRoutes(handler.dataRoutes, path) ?? []).map((match) => match.route.id);
    const byUrl = (matchRoutes(routes, path) ?? []).map((match) => match.route).filter((route) => route.lazy);
    const byId = routesWithIds(routes, new Set(serverIds)).filter((route) => route.lazy);
    // Every page but the unknown one (the not-found route is not lazy) has its module to load.
    expect(byUrl.length).toBe(path.startsWith('/no/') ? 0 : 1);
    expect(byId).toEqual(byUrl);
  });
});
