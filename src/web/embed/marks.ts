/**
 * What embeds (pages/embed/, issue 49) share with the service, kept apart from their code so each
 * side takes only these names.
 */

/** Every embed page's path starts with it: the only pages other sites may frame. */
export const EMBED_PREFIX = '/embed/';

/** Whether a page path is an embed's (the service's framing policy, the export's list). */
export const isEmbedPath = (pathname: string): boolean => pathname.startsWith(EMBED_PREFIX);

/** The `type` of the message an embed posts to the page that frames it: `{ type, height }`. */
export const EMBED_HEIGHT_MESSAGE = 'podium-embed-height';
