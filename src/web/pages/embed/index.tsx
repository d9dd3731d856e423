/**
 * Embeds (issue 49): the medal table (`/embed/medals`), a unit's scoreboard and result
 * (`/embed/{unit}`) and a schedule day (`/embed/schedule?date=&discipline=`), as pages other sites
 * frame: the only pages whose answer allows it (src/server/http/site.ts). Each is the site's own
 * page part with its loader (the names and legends of the site), in the language of `?lang=`, with
 * minimal chrome: the live indicator, the content and a link to the site. It wakes once painted and
 * stays live (pushed, or polled where there is no channel: the mirror); it tells the framing page its
 * height (embed/reportHeight.ts); a link to another page opens in a new tab (the page's
 * `<base target="_blank">`, entry-server.tsx), since the site's other pages refuse to be framed.
 *
 * One route for all three, so the router (in the entry, budgeted) grows by one line; each kind's
 * code is a chunk of its own, loaded by the loader and drawn through `lazy`.
 */
import { lazy, Suspense, useMemo, useRef, type ComponentType, type MouseEvent } from 'react';
import { useLocation, type LoaderFunctionArgs } from 'react-router';
import { useRootData } from '../../app/Root';
import { WAKE_NOW_ATTRIBUTE } from '../../app/wake';
import { embedKind, fullPage, type EmbedKind } from '../../embed/kind';
import { EMBED_PREFIX, isEmbedPath } from '../../embed/marks';
import { useReportHeight } from '../../embed/reportHeight';
import { FormattedMessage } from '../../i18n/intl';
import { LiveStatus } from '../../live/LiveStatus';
import { useLive } from '../../live/useLive';
import { LoadAllRowsContext, useLoadAllRows } from '../../widgets/table/allRows';

/** What each kind's module gives: the site page's loader, and the part of the page it shows. */
interface EmbedModule {
  loader(args: LoaderFunctionArgs): Promise<unknown>;
  /** Reads the route's data itself (`useLoaderData`). */
  View: ComponentType;
}

const MODULES: Record<EmbedKind, () => Promise<EmbedModule>> = {
  medals: () => import('./medals'),
  schedule: () => import('./schedule'),
  unit: () => import('./unit'),
};

const view = (kind: EmbedKind) => lazy(() => MODULES[kind]().then((module) => ({ default: module.View })));
const VIEWS: Record<EmbedKind, ComponentType> = {
  medals: view('medals'),
  schedule: view('schedule'),
  unit: view('unit'),
};

const notFound = () => new Response('Not Found', { status: 404 });

export async function loader(args: LoaderFunctionArgs): Promise<unknown> {
  const name = args.params['*'] ?? '';
  const kind = embedKind(name);
  if (!kind) throw notFound();
  const { loader: load } = await MODULES[kind]();
  // The unit page's loader reads the unit's code from its own route's parameter.
  return load(kind === 'unit' ? { ...args, params: { ...args.params, documentCode: name } } : args);
}

/**
 * A click on a link to a page that is not an embed goes to the browser, which opens it in a new
 * tab (the page's base target), not to the router, which would draw it inside the frame.
 */
function keepOtherPagesOut(event: MouseEvent<HTMLElement>): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (link instanceof HTMLAnchorElement && link.origin === window.location.origin && !isEmbedPath(link.pathname))
    event.stopPropagation();
}

export function Component() {
  const { pathname, search } = useLocation();
  const name = pathname.slice(EMBED_PREFIX.length);
  const { hongKong, locale } = useRootData();
  // The loader refused every other name: a page drawn here has a kind.
  const kind = embedKind(name) ?? 'medals';
  const View = VIEWS[kind];
  const live = useLive();
  const loadAllRows = useLoadAllRows();
  const embed = useRef<HTMLDivElement>(null);
  useReportHeight(embed);
  // The same element while the kind's chunk comes: the server's HTML stays until it hydrates. A new
  // one (the live indicator's every change renders this) would be an update of a boundary not yet
  // hydrated, which React gives up hydrating and draws again, empty until the chunk is there.
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <LoadAllRowsContext value={loadAllRows}>
          <View />
        </LoadAllRowsContext>
      </Suspense>
    ),
    [View, loadAllRows],
  );
  return (
    // Wakes once painted (app/wakeScript.ts): it stays live and says its height only awake.
    <div className="embed" ref={embed} onClickCapture={keepOtherPagesOut} {...{ [WAKE_NOW_ATTRIBUTE]: '' }}>
      <LiveStatus live={live} />
      {content}
      <p className="embed-source">
        <a href={fullPage(kind, name, search, locale)}>
          <FormattedMessage id={hongKong ? 'site.titleHongKong' : 'site.title'} />
        </a>
      </p>
    </div>
  );
}
