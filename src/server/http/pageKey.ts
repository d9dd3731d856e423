/**
 * What identifies a page: its key in the page cache (and among renders in progress), and the task a
 * render takes, both made of what the page may depend on only, so junk in a request (hosts,
 * parameters, headers) never makes another page or another render.
 */
import type { IncomingMessage } from 'node:http';
import { timeSlot } from '../publish/publishedFolder';
import type { PageAssets, PageTask } from './renderPage';

/**
 * Only what changes a page is in its key: the page's URL, the language (chosen by the URL or the
 * reader's cookie), whether it is the local variant, the site, and the time slot, since a page may
 * open on "today" at the venues (publishedFolder.ts: nginx finds a published page by the same slot).
 * Hosts and junk parameters are not.
 */
export function pageKey(local: boolean, pageUrl: string, locale: string, hongKong: boolean, now: number): string {
  return [local ? 'local' : 'site', pageUrl, locale, hongKong ? 'hk' : '', timeSlot(now)].join('|');
}

/**
 * A request as a render needs it: plain data a render thread can take. Only what the page may depend
 * on, and only as the cache's key has it: the canonical URL, the host variant, the language (as a
 * cookie, the way a reader's choice arrives) and the agent (which only `/`'s uncached redirect reads).
 */
export function pageTask(
  req: IncomingMessage,
  url: string,
  host: string,
  locale: string,
  hongKong: boolean,
  assets: PageAssets,
): PageTask {
  const headers: Record<string, string> = { cookie: `podium-lang=${locale}` };
  const agent = req.headers['user-agent'];
  if (agent) headers['user-agent'] = agent;
  return { url, host, headers, hongKong, assets };
}

/** A path every site has to no page: the router's not-found route, rendered once per language. */
export const NOT_FOUND_URL = '/-/-/-';
