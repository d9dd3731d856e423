import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router';
import { readHydrationData } from './app/hydrationData';
import { linkWakeStyles } from './app/wakeStyles';
import { MATCHED_ROUTES_ATTRIBUTE, routesWithIds } from './app/matchedRoutes';
import { MOBILE_WIDTH, routes } from './app/routes';
import { HOME_COOKIE } from './app/homeCookie';
import { setReferenceStore } from './data/codes';
import { fetchCommonCode } from './data/source';
import { documentLocale, loadCatalogue } from './i18n/catalogue';
import { createReferenceStore, loadReferenceTables } from './store/referenceStore';
import { nextTask } from './nextTask';
import { preloadWidgets, widgetKindsIn } from './widgets/load';
import { safeStorage } from './store/storage';
import { fetchSiteVersion, startVersionCheck } from './store/versionCheck';
import './styles.css';
import './widgets/widgets.css';

/**
 * Hydrates the server-rendered page: the lazy route modules of the first page are loaded before
 * hydrating, so the first render matches the server's and navigation is client-side from then on.
 * Gives the reference store it set up (none when the page was replaced by the phone schedule).
 */
async function hydrate(): Promise<ReturnType<typeof createReferenceStore> | undefined> {
  // Arrived from `/` on a desktop agent: a window under the mobile width gets the phone schedule.
  if (document.cookie.split('; ').includes(`${HOME_COOKIE}=1`)) {
    document.cookie = `${HOME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    if (window.innerWidth < MOBILE_WIDTH) {
      window.location.replace('/scheduleMobile');
      return undefined;
    }
  }
  // The page's language, as the server rendered it: its catalogue must be there before hydrating,
  // and so must the route modules of the page; both are fetched together.
  const catalogue = loadCatalogue(documentLocale(document.documentElement.lang));
  await nextTask();
  const listed = document.getElementById('root')?.getAttribute(MATCHED_ROUTES_ATTRIBUTE);
  const matched =
    typeof listed === 'string'
      ? routesWithIds(routes, new Set(listed.split(' ')))
      : (matchRoutes(routes, window.location) ?? []).map(({ route }) => route);
  const hydrationData = readHydrationData(document);
  const modules = Promise.all([
    catalogue,
    // The widgets the server drew, as the route modules: hydration draws what the server did.
    preloadWidgets(widgetKindsIn(hydrationData)),
    // What the hydrated page draws may need rules the server left out of the page's inline share.
    linkWakeStyles(document),
    ...matched.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ]);
  // Awaited below, after a task of other work: marked handled now, so a failed import is not first
  // reported as an unhandled rejection.
  modules.catch(() => undefined);
  await nextTask();
  // The persisted copy of the reference tables is there at once; pages read it instead of fetching.
  const store = createReferenceStore(safeStorage(() => window.localStorage));
  setReferenceStore(store);
  await modules;
  const router = createBrowserRouter(routes, {
    // Written by the server as a JSON script (app/hydrationData.ts), not an inline assignment.
    hydrationData: hydrationData as HydrationState | undefined,
  });
  await nextTask();
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page (the page is readable already).
  startTransition(() => {
    hydrateRoot(document.getElementById('root')!, <RouterProvider router={router} />);
  });
  return store;
}

/** Runs `task` once the page is hydrated and the browser is idle: start-up work never delays reading. */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 4000 });
  else setTimeout(task, 1500);
}

void hydrate().then((reference) =>
  whenIdle(() => {
    // Start-up: the reference tables refreshed and persisted.
    if (reference)
      void loadReferenceTables(reference, (table) => fetchCommonCode(table)).then((failed) => {
        if (failed.length > 0) console.info(`podium: reference tables not refreshed: ${failed.join(', ')}`);
      });
    // A new site version reloads the page (once: a guard in session storage stops reload loops).
    startVersionCheck({
      fetchVersion: () => fetchSiteVersion(),
      storage: safeStorage(() => window.localStorage),
      session: safeStorage(() => window.sessionStorage),
      reload: () => window.location.reload(),
    });
  }),
);
