import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { MATCHED_ROUTES_ATTRIBUTE } from './app/matchedRoutes';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { sportLoaders } from '../generated/sportRegistry';
import { brandVariables, BRAND } from '../core/theme/tints';
import type { DataSource } from './data/source';
import { BCP47, requestLocale, type LocaleId } from './i18n/locale';
import en_US from './i18n/messages/en_US.json';
import zh_CN from './i18n/messages/zh_CN.json';
import zh_HK from './i18n/messages/zh_HK.json';
import { routes } from './app/routes';
import { WAKE_SCRIPTS_ATTRIBUTE, wakeScriptCode } from './app/wakeScript';
import { loadCatalogue } from './i18n/catalogue';
import { hydrationScript } from './app/hydrationData';
import { pageStyles } from './app/pageStyles';
import { WAKE_STYLES_ATTRIBUTE } from './app/wakeStyles';
import { SAVED_COPY_BANNER_CLASS } from './offline/serviceWorker';
import { embedControlHtml, withEmbedControl } from './embed/control';
import { csvLinkHtml } from './downloads/csvLink';
import { isEmbedPath } from './embed/marks';

export interface RenderOptions {
  data: DataSource;
  /** Script and style URLs of the built client, when there is one. */
  scripts: string[];
  styles: string[];
  /**
   * The text of `styles`: the page's share of it is put in the page itself, and `styles` are linked
   * when the page wakes instead of in the head (app/pageStyles.ts).
   */
  inlineCss?: string;
  hongKong?: boolean;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string; setCookie?: string }
  | { kind: 'page'; status: number; stream: NodeJS.ReadableStream };

const handler = createStaticHandler(routes);

const CATALOGUES: Record<LocaleId, Record<string, string>> = { zh_CN, zh_HK, en_US };
/** The document title: the site's name in the page's language, the Hong Kong variant's own. */
const siteTitle = (locale: LocaleId, hongKong = false): string =>
  CATALOGUES[locale][hongKong ? 'site.titleHongKong' : 'site.title'] ?? 'Podium';

/** The element after the page's content: the first paint waits for it (`RENDER_WHOLE_PAGE`). */
const PAGE_END_ID = 'podium-page-end';
/**
 * The first paint shows the whole page, not the part parsed so far: painted in parts, a long table
 * is laid out again for every part that arrives (several long tasks on a phone, after the first
 * paint, while the reader starts to read); whole, once. The page's HTML is small and sent at once, so
 * the first paint waits for microseconds of parsing, not for the network. A browser without
 * `blocking="render"` ignores the link.
 */
const RENDER_WHOLE_PAGE = `<link rel="expect" href="#${PAGE_END_ID}" blocking="render">`;

/**
 * An embed's links open in a new tab (pages/embed): inside another site's frame, the site's other
 * pages would be refused (they forbid framing). Scripts or not.
 */
const LINKS_IN_NEW_TABS = '<base target="_blank">';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Loads every page module and sport plugin the routes load lazily: a server (a render thread) calls
 * it once at start, so the first reader of a page does not wait for its modules.
 */
export async function preload(): Promise<void> {
  const lazyOf = (route: RouteObject): Promise<unknown>[] => [
    ...(typeof route.lazy === 'function' ? [route.lazy()] : []),
    ...(route.children ?? []).flatMap(lazyOf),
  ];
  await Promise.all([...routes.flatMap(lazyOf), ...Object.values(sportLoaders).map((load) => load())]);
}

/**
 * A loader's own failure is logged here and reaches the page (and its hydration data) without its
 * text: a reader sees that the page failed, not the server's internals. Answers a loader chose
 * (404 and the like) pass as they are.
 */
function hideInternalErrors(errors: Record<string, unknown> | null | undefined, url: string): void {
  for (const [route, error] of Object.entries(errors ?? {})) {
    if (isRouteErrorResponse(error)) continue;
    console.error(`podium: render ${url}: ${(error as Error)?.stack ?? String(error)}`);
    errors![route] = new Error('');
  }
}

/**
 * The page's styles in its head: the share of the stylesheet its markup can use, inlined, when the
 * stylesheet's text is given; links to the stylesheets otherwise.
 */
function headStyles(options: RenderOptions, markup: string): string {
  if (options.inlineCss)
    return `<style>${pageStyles(options.inlineCss, markup, [SAVED_COPY_BANNER_CLASS]).replace(/<\/style/gi, '<\\/style')}</style>`;
  return options.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
}

/** Renders a page on the server with its data; the browser hydrates the same tree. */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const context = await handler.query(request, { requestContext: { data: options.data, hongKong: options.hongKong } });
  if (context instanceof Response) {
    const setCookie = context.headers.get('Set-Cookie') ?? undefined;
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
      ...(setCookie ? { setCookie } : {}),
    };
  }
  hideInternalErrors(context.errors, request.url);
  const router = createStaticRouter(handler.dataRoutes, context);
  const url = new URL(request.url);
  const locale = requestLocale(url, request.headers.get('cookie') ?? undefined);
  await loadCatalogue(locale);
  const slotPage = {
    matches: context.matches,
    loaderData: context.loaderData,
    locale,
    messages: CATALOGUES[locale],
  };
  // Below the page, server HTML only: its table's CSV download, then its Embed control.
  const slotHtml = [csvLinkHtml(slotPage), embedControlHtml(slotPage)].filter(Boolean).join('') || undefined;
  const theme = Object.entries(brandVariables())
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  // The head follows the body: its inline CSS is the share of the stylesheet the body's markup uses.
  const head = (body: string) =>
    `<!doctype html><html lang="${BCP47[locale]}" theme-color="${BRAND}"><head><meta charset="utf-8">${isEmbedPath(url.pathname) ? LINKS_IN_NEW_TABS : ''}<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="${BRAND}"><title>${escapeAttribute(siteTitle(locale, options.hongKong))}</title><style>:root{${theme}}</style>${RENDER_WHOLE_PAGE}${headStyles(options, body)}</head><body><div id="root" ${MATCHED_ROUTES_ATTRIBUTE}="${escapeAttribute(context.matches.map((match) => match.route.id).join(' '))}">`;
  // Also without the client's build: the boot script brings a long table's later rows in (laterRows/).
  const boot = `<script ${WAKE_SCRIPTS_ATTRIBUTE}="${escapeAttribute(options.scripts.join(' '))}"${options.inlineCss ? ` ${WAKE_STYLES_ATTRIBUTE}="${escapeAttribute(options.styles.join(' '))}"` : ''}>${wakeScriptCode()}</script>`;
  const tail = `</div><span id="${PAGE_END_ID}" hidden></span>${hydrationScript(context)}${boot}</body></html>`;
  return new Promise((resolve, reject) => {
    // React ends the stream it writes to; the page's tail (scripts) follows it on ours.
    const body = new PassThrough();
    const app = new PassThrough();
    const chunks: Buffer[] = [];
    app.on('data', (chunk: Buffer) => chunks.push(chunk));
    app.on('end', () => {
      // The slot's content goes in before the head is made: its share of the stylesheet counts it.
      const markup = withEmbedControl(Buffer.concat(chunks).toString(), slotHtml);
      body.write(head(markup));
      body.write(markup);
      body.end(tail);
    });
    const { pipe } = renderToPipeableStream(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
      {
        // A large panel stays inline instead of being outlined behind a script that swaps it in:
        // without JavaScript the spectator must still read the results.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // Loaders have read all data before rendering, so waiting for every boundary costs nothing and
        // puts each panel's content (not its fallback) in the first HTML, readable without JavaScript.
        onAllReady() {
          pipe(app);
          resolve({ kind: 'page', status: context.statusCode, stream: body });
        },
        onShellError: reject,
        onError(error) {
          console.error(`podium: render ${request.url}: ${(error as Error).stack ?? String(error)}`);
        },
      },
    );
  });
}
