/**
 * The developers' page's code examples, made from the description's addresses: code, so the same in
 * every language (only the embed's `lang` follows the page). Each runs as written.
 */
import { embedSnippet } from '../../embed/snippet';
import { EMBED_PREFIX } from '../../embed/marks';
import type { LocaleId } from '../../i18n/locale';

/** A document fetched, then asked again with its ETag: the second answer is a 304. */
export const conditionalExample = (document: string): string =>
  [
    `$ curl -si ${document} | grep -i '^etag'`,
    'ETag: "…"',
    `$ curl -si -H 'If-None-Match: "…"' ${document} | head -1`,
    'HTTP/1.1 304 Not Modified',
  ].join('\n');

/** The headers a cross-origin read gets, and those its preflight allows. */
export const corsExample = (cors: { allowOrigin: string; exposeHeaders: string; allowHeaders: string }): string =>
  [
    `Access-Control-Allow-Origin: ${cors.allowOrigin}`,
    `Access-Control-Expose-Headers: ${cors.exposeHeaders}`,
    `Access-Control-Allow-Headers: ${cors.allowHeaders}`,
  ].join('\n');

/**
 * A document read from another site's script, kept current from its live channel. The stream's first
 * event is the document's current version; `no-cache` revalidates with the ETag rather than trust
 * the browser's copy, which may be seconds old.
 */
export const liveExample = (live: { path: string; channel: string; document: string }): string =>
  [
    `const live = new EventSource('${live.path}?c=${live.channel}');`,
    'let etag;',
    'live.onmessage = async (message) => {',
    '  const event = JSON.parse(message.data);',
    '  if (event.etag === etag) return;',
    `  const answer = await fetch('${live.document}', { cache: 'no-cache' });`,
    "  etag = answer.headers.get('ETag');",
    '  console.log(await answer.json());',
    '};',
  ].join('\n');

/** The medal table's embed in `locale`, as its Embed control gives it (embed/snippet.ts). */
export const medalsEmbedExample = (server: string, locale: LocaleId, title: string): string =>
  embedSnippet(new URL(`${EMBED_PREFIX}medals?lang=${locale}`, server), title);
