/**
 * The links of a rendered page the mirror must hold as well: other pages (crawled in turn), and the
 * files they point at (PDF reports, calendars, CSV downloads). Read from the HTML the service
 * sends, so the mirror holds what a reader can reach, whatever page or plugin added the link.
 */
import { isPagePath } from '../../web/app/pageQuery';
import { exportedPageUrl } from './pageFiles';

export interface PageLinks {
  /** Pages, as `exportedPageUrl`s. */
  readonly pages: readonly string[];
  /** Files other than pages (reports, calendars, CSV downloads), as path and query. */
  readonly files: readonly string[];
}

const HREF = /\shref="(\/[^"#]*)"/g;
/** Paths the mirror serves from elsewhere (assets, documents) or cannot serve (the admin's pages). */
const NOT_PAGES = /^\/(assets|api|internal)\//;
/** Files a page links to that the export fetches from the service (a CSV's language and table in its query). */
const FILES = /^\/(reports|calendar|api\/csv)\//;

const decode = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/** What one href is to the export: a page, a file, or nothing (kept per href: pages share most links). */
export type LinkTarget = { readonly page: string } | { readonly file: string };

function targetOf(href: string): LinkTarget | null {
  let url: URL;
  try {
    url = new URL(decode(href), 'http://export.invalid');
  } catch {
    return null;
  }
  if (FILES.test(url.pathname)) {
    // A follow calendar is the reader's own list of units: made in the browser, not exported.
    return url.pathname.startsWith('/calendar/follow') ? null : { file: url.pathname + url.search };
  }
  if (NOT_PAGES.test(url.pathname) || !isPagePath(url.pathname)) return null;
  return { page: exportedPageUrl(url) };
}

export function linksOf(html: string, cache: Map<string, LinkTarget | null> = new Map()): PageLinks {
  const pages = new Set<string>();
  const files = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const href = match[1]!;
    let target = cache.get(href);
    if (target === undefined) {
      target = targetOf(href);
      cache.set(href, target);
    }
    if (target && 'page' in target) pages.add(target.page);
    else if (target) files.add(target.file);
  }
  return { pages: [...pages], files: [...files] };
}
