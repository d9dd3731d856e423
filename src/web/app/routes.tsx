import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { requestLocale } from '../i18n/locale';
import { NotFound } from '../pages/notFound';
import { RouteError } from '../pages/routeError';
import { Root, RootError, type RootData } from './Root';
import { Shell, shellLoader } from './Shell';
import { HOME_COOKIE } from './homeCookie';

/** Phones get the mobile schedule (spec section 2); the width rule applies again in the browser. */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i;

export interface RequestContextExtras {
  hongKong?: boolean;
}

export const MOBILE_WIDTH = 960;

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Runs on the server only: the browser keeps its answer (`shouldRevalidate`), since a language change reloads. */
function rootLoader({ request, context }: LoaderFunctionArgs): RootData {
  // On the server the request carries the cookie; in the browser the document has it.
  const cookie = request.headers.get('cookie') ?? (typeof document === 'undefined' ? undefined : document.cookie);
  const url = new URL(request.url);
  return {
    locale: requestLocale(url, cookie),
    hongKong: Boolean((context as RequestContextExtras | undefined)?.hongKong),
    localhost: LOCAL_HOSTS.has(url.hostname),
  };
}

const to = (path: string) => () => redirect(path);

/**
 * Every page gets the same error boundary: its failure stays in its own place under the header.
 * Its path is its id, so the browser finds the page's route by the id the server lists.
 */
function withErrorBoundary(children: RouteObject[]): RouteObject[] {
  return children.map((route) => ({ ...route, id: route.id ?? route.path, ErrorBoundary: RouteError }) as RouteObject);
}

/**
 * The routes of spec section 2, as react-router data routes: loaders read the data (on the server
 * from the store, in the browser from the API) and each section page is its own lazy chunk.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: () => false,
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      {
        index: true,
        loader: ({ request }) =>
          MOBILE_AGENT.test(request.headers.get('user-agent') ?? '')
            ? redirect('/scheduleMobile')
            : // The server cannot see the width: the browser checks it once when it arrives from here.
              redirect('/schedule/total', {
                headers: { 'Set-Cookie': `${HOME_COOKIE}=1; Path=/; Max-Age=30; SameSite=Lax` },
              }),
      },
      // Pages inside the header, navigation and footer.
      {
        id: 'shell',
        loader: shellLoader,
        shouldRevalidate: () => false,
        Component: Shell,
        children: withErrorBoundary([
          { path: 'schedule', loader: to('/schedule/total') },
          { path: 'schedule/total', lazy: () => import('../pages/schedule/total') },
          { path: 'schedule/daily', lazy: () => import('../pages/schedule/daily') },
          { path: 'schedule/delegation', lazy: () => import('../pages/schedule/delegation') },
          { path: 'schedule/non', lazy: () => import('../pages/schedule/non') },
          { path: 'medal', loader: to('/medal/ranking') },
          { path: 'medal/ranking', lazy: () => import('../pages/medal') },
          { path: 'medal/medalists', lazy: () => import('../pages/medallists') },
          { path: 'record', lazy: () => import('../pages/records') },
          { path: 'final', lazy: () => import('../pages/final') },
          { path: 'follow', lazy: () => import('../pages/follow') },
          { path: 'search', lazy: () => import('../pages/search') },
          { path: 'delegation', loader: to('/delegation/list') },
          { path: 'delegation/list', lazy: () => import('../pages/delegations') },
          {
            path: 'delegation/:code',
            loader: ({ params }) => redirect(`/delegation/${params.code ?? ''}/schedule`),
          },
          { path: 'delegation/:code/:tab', lazy: () => import('../pages/delegation') },
          { path: 'discipline', loader: to('/discipline/list') },
          { path: 'discipline/list', lazy: () => import('../pages/disciplines') },
          {
            path: 'discipline/:code',
            loader: ({ params }) => redirect(`/discipline/${params.code ?? ''}/schedule`),
          },
          { path: 'discipline/:code/:tab', lazy: () => import('../pages/discipline') },
          { path: 'report', lazy: () => import('../pages/reports') },
          { path: 'resultBook', lazy: () => import('../pages/resultBook') },
          { path: 'competitor', loader: to('/competitor/individuals') },
          { path: 'competitor/individuals', lazy: () => import('../pages/competitors') },
          { path: 'competitor/teams', lazy: () => import('../pages/competitors') },
          { path: 'competitor/:code', lazy: () => import('../pages/competitor') },
          { path: 'developers', lazy: () => import('../pages/developers') },
          { path: 'developers/embed/:name', lazy: () => import('../pages/developers/embedOffer') },
          // A unit (`/{documentCode}`) and a sport-level page (`/{code}/{page}`); their loaders answer
          // 404 for anything that is not one, so these catch no other path.
          { path: ':documentCode', lazy: () => import('../pages/unit') },
          { path: ':sport/:page', lazy: () => import('../pages/sportPage') },
          { path: '*', loader: () => data({ notFound: true }, { status: 404 }), Component: NotFound },
        ]),
      },
      // Pages without the shell (spec section 2): the phone schedule, the embeds other sites frame
      // (one route for all: pages/embed) and the internal medal pages.
      ...withErrorBoundary([
        { path: 'scheduleMobile', lazy: () => import('../pages/schedule/mobile') },
        { path: 'embed/*', lazy: () => import('../pages/embed') },
        { path: 'internal/medal', lazy: () => import('../pages/internalMedal') },
        { path: 'internal/medal/import', lazy: () => import('../pages/internalMedalImport') },
        { path: 'internal/coverage', lazy: () => import('../pages/internalCoverage') },
      ]),
    ],
  },
];
