import type { RouteObject } from 'react-router';

/** The attribute of the page's root element listing the ids of the routes the server matched. */
export const MATCHED_ROUTES_ATTRIBUTE = 'data-routes';

/**
 * The routes with these ids, found by walking the tree. The browser learns which routes a page
 * matched from the server (`data-routes`) instead of matching the URL again: matching ranks and
 * compiles every route's path, a long task on a phone at the moment the page is being hydrated.
 */
export function routesWithIds(tree: readonly RouteObject[], ids: ReadonlySet<string>): RouteObject[] {
  const found: RouteObject[] = [];
  const walk = (routes: readonly RouteObject[]) => {
    for (const route of routes) {
      if (route.id !== undefined && ids.has(route.id)) found.push(route);
      if (route.children) walk(route.children);
    }
  };
  walk(tree);
  return found;
}
