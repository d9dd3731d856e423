import { describe, expect, it } from 'vitest';
import { isPublishMessage, publishRelay, type PublishMessage } from '../../src/server/publish/relay';

/**
 * A server process that does not publish tells the one that does what it answered: once, and again
 * only after a minute (the publisher's "readers still ask" mark), whatever the burst.
 */
describe('the publish relay', () => {
  it('tells each page or document once a minute at most', () => {
    const sent: PublishMessage[] = [];
    let now = 0;
    const relay = publishRelay(
      (message) => sent.push(message),
      () => now,
    );
    const page = { kind: 'page', url: '/medal/ranking', locale: 'zh_CN' } as const;
    const document = { kind: 'document', path: '/api/crs/commonCode/x', type: 'COMMON_CODE', code: 'x' } as const;
    for (let i = 0; i < 1000; i += 1) {
      relay(page);
      relay(document);
    }
    relay({ ...page, locale: 'en_US' });
    expect(sent.map((message) => message.podiumPublish)).toEqual([page, document, { ...page, locale: 'en_US' }]);
    now += 59_000;
    relay(page);
    expect(sent).toHaveLength(3);
    now += 2_000;
    relay(page);
    expect(sent).toHaveLength(4);
    expect(sent.every(isPublishMessage)).toBe(true);
    expect(isPublishMessage({ listening: 8080 })).toBe(false);
    expect(isPublishMessage(null)).toBe(false);
  });
});
