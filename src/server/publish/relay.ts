/**
 * Publishing across server processes: one process keeps the published files (start.ts gives it the
 * role); the others tell it, through the cluster's primary, what they answered to the public site's
 * readers, so that a page is published whichever process nginx asked, and rendered again by one.
 */

/** What a process answered that the publishing process should publish (or keep current). */
export type PublishRequest =
  | { readonly kind: 'page'; readonly url: string; readonly locale: string }
  | { readonly kind: 'document'; readonly path: string; readonly type: string; readonly code: string };

/** The cluster message that carries one. */
export interface PublishMessage {
  readonly podiumPublish: PublishRequest;
}

export const isPublishMessage = (message: unknown): message is PublishMessage =>
  typeof message === 'object' && message !== null && 'podiumPublish' in message;

/** How often a process tells again that readers still ask for something (the publisher's keep-for). */
const AGAIN_AFTER_MS = 60_000;
const REMEMBERED = 10_000;

/** A sender that tells each request once a minute at most (a burst costs one message, not one a request). */
export function publishRelay(send: (message: PublishMessage) => void, now: () => number = Date.now) {
  const sent = new Map<string, number>();
  return (request: PublishRequest): void => {
    const name = request.kind === 'page' ? `page ${request.locale} ${request.url}` : `document ${request.path}`;
    const at = now();
    const last = sent.get(name);
    if (last !== undefined && at - last < AGAIN_AFTER_MS) return;
    if (sent.size >= REMEMBERED) sent.clear();
    sent.set(name, at);
    send({ podiumPublish: request });
  };
}
