import { documentOf } from '../../core/live/channels';

/** A document found newer than the page's copy: its ETag and body. */
export interface CaughtUp {
  readonly channel: string;
  readonly etag: string;
  readonly body: unknown;
}

/**
 * The page's documents that changed since it was rendered or last read: asked once a subscription
 * opens, each with its copy's ETag (If-None-Match, past the browser's cache), so an unchanged one
 * costs a 304 and a changed one comes whole. A stream from the edge starts with the next change
 * only (Nchan: `first_message newest`); what changed between the page's HTML and its stream would
 * otherwise wait for the one after. Code tables (a path of their own) change too rarely to ask.
 */
export async function changedSince(
  channels: readonly string[],
  loadedEtag: (channel: string) => string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<CaughtUp[]> {
  const asked = channels.flatMap((channel) => {
    const document = documentOf(channel);
    const etag = loadedEtag(channel);
    return document && etag && document.type !== 'COMMON_CODE' ? [{ channel, ...document, etag }] : [];
  });
  const answers = await Promise.all(
    asked.map(async ({ channel, type, code, etag }): Promise<CaughtUp | undefined> => {
      try {
        const response = await fetcher(`/api/crs/odf/json/${type}/${code}`, {
          headers: { Accept: 'application/json', 'If-None-Match': etag },
          cache: 'no-store',
        });
        const now = response.headers.get('ETag');
        if (response.status !== 200 || !now || now === etag) return undefined;
        return { channel, etag: now, body: (await response.json()) as unknown };
      } catch {
        return undefined; // the stream's next event, or the next poll, says it again
      }
    }),
  );
  return answers.filter((answer) => answer !== undefined);
}
