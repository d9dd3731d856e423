/**
 * Where an exported page lives in the mirror: one file per page, language and canonical query, so a
 * plain static server finds it from the request alone (deploy/nginx-static.conf builds the same
 * name from `$uri`, the language and the `$arg_` of each page parameter). The one source of the
 * layout: the export writes by it, the nginx configuration and its test read it.
 *
 *   /schedule/total               → pages/<lang>/schedule/total/index.html
 *   /BKBMTEAM5...--?tab=result     → pages/<lang>/BKBMTEAM5...--/index&tab=result.html
 *   /                             → pages/<lang>/index.html
 */
import { canonicalPageUrl, PAGE_QUERY_PARAMETERS } from '../../web/app/pageQuery';
import type { LocaleId } from '../../core/sports/vocabulary';

/** The page parameters that name a file, in the order nginx-static.conf concatenates them. */
export const FILE_QUERY_PARAMETERS = PAGE_QUERY_PARAMETERS.filter((name) => name !== 'lang');

/** A page's URL without its language: the path and its page parameters, canonical (pageQuery.ts). */
export function exportedPageUrl(url: URL): string {
  const canonical = new URL(canonicalPageUrl(url), 'http://export.invalid');
  canonical.searchParams.delete('lang');
  const query = canonical.searchParams.toString();
  const path = canonical.pathname.length > 1 ? canonical.pathname.replace(/\/+$/, '') : '/';
  return query ? `${path}?${query}` : path;
}

/** The mirror's file of a page (an `exportedPageUrl`) in a language, relative to the mirror's root. */
export function pageFile(pageUrl: string, locale: LocaleId): string {
  const url = new URL(pageUrl, 'http://export.invalid');
  const folder = url.pathname === '/' ? '' : url.pathname;
  const query = FILE_QUERY_PARAMETERS.map((name) => {
    const value = url.searchParams.get(name);
    return value ? `&${name}=${encodeURIComponent(value)}` : '';
  }).join('');
  return `pages/${locale}${folder}/index${query}.html`;
}

/** A redirect as a static host can give it: a page that sends the browser on, with a link for readers. */
export function redirectPage(location: string): string {
  const escaped = location.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"><a href="${escaped}">${escaped}</a>\n`;
}
