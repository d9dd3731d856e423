/**
 * The server's dispatch through the route table: the first route whose matcher takes the path
 * answers, with its methods (`Allow` in a 405 and an OPTIONS answer alike), its CORS (public routes
 * only) and its handler. A path no route takes is the fallback's (the site's pages, the API's 404).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NO_STORE, SECURITY_HEADERS, sendError } from '../http/headers';
import { allowCrossOrigin, CORS_HEADERS, sendPreflight } from './cors';
import { ROUTE_LIST, type RouteId, type TableRoute } from './routes';

/** A route's handler: the matcher's groups, the path and the query string as sent. */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  path: string,
  query: string,
) => void | Promise<void>;

/** A handler for every route of the table, and for nothing else. */
export type RouteHandlers = { readonly [K in RouteId]: RouteHandler };

export interface DispatchOptions {
  /** What answers a path no route takes (GET and HEAD only). */
  readonly fallback: (req: IncomingMessage, res: ServerResponse, path: string) => void | Promise<void>;
  /**
   * Public routes whose handlers send the CORS headers with answers made once (documents.ts): the
   * burst's path, where setting them on each response would cost throughput.
   */
  readonly corsInAnswers: readonly RouteId[];
}

/** What a path no route takes allows: reading (the pages). */
const READ = 'GET, HEAD';

type Entry = TableRoute & { readonly handle: RouteHandler; readonly setCors: boolean };

export function routeDispatch(
  handlers: RouteHandlers,
  options: DispatchOptions,
): (req: IncomingMessage, res: ServerResponse) => void | Promise<void> {
  const table: readonly Entry[] = ROUTE_LIST.map((route) => ({
    ...route,
    handle: handlers[route.id],
    setCors: route.cors && !options.corsInAnswers.includes(route.id),
  }));
  return (req, res) => {
    // The path alone for matching (a query string such as /v.json?r= is the handler's to read).
    const raw = req.url ?? '/';
    const mark = raw.indexOf('?');
    const path = mark === -1 ? raw : raw.slice(0, mark);
    const method = req.method ?? 'GET';
    let route: Entry | undefined;
    let match: RegExpExecArray | null = null;
    for (const entry of table) {
      match = entry.match.exec(path);
      if (match) {
        route = entry;
        break;
      }
    }
    const allow = route?.allow ?? READ;
    if (method === 'OPTIONS') {
      // A preflight is allowed on public routes only: another site's script is refused the rest.
      if (route?.cors) return sendPreflight(res, allow);
      res.writeHead(204, { ...SECURITY_HEADERS, Allow: allow, 'Cache-Control': NO_STORE });
      res.end();
      return;
    }
    if (route ? !route.methods.has(method) : method !== 'GET' && method !== 'HEAD')
      return sendError(res, 405, `${method} is not allowed on ${path}`, {
        Allow: allow,
        ...(route?.cors ? CORS_HEADERS : {}),
      });
    if (!route || !match) return options.fallback(req, res, path);
    if (route.setCors) allowCrossOrigin(res);
    return route.handle(req, res, match, path, mark === -1 ? '' : raw.slice(mark + 1));
  };
}
