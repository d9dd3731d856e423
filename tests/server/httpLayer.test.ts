import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { answeredNotModified, notModified, notModifiedHeaders } from '../../src/server/http/conditional';
import { chooseEncoding, sendsGzip } from '../../src/server/http/encoding';

/**
 * Issue 45 item 3, the one HTTP layer's two rules on their own: conditional requests (RFC 9110
 * section 13, by `fresh`) and the body's coding (section 12.5.3, by `negotiator`). The answers that
 * use them are checked over loopback in conditionalAnswers.test.ts.
 */
const request = (headers: Record<string, string>, method = 'GET') =>
  ({ method, headers }) as unknown as IncomingMessage;

const ETAG = '"abc123"';
const LAST_MODIFIED = 'Tue, 11 Nov 2025 10:00:00 GMT';

describe('conditional requests', () => {
  const current = (headers: Record<string, string>, lastModified?: string) =>
    notModified(request(headers), { etag: ETAG, lastModified });

  it.each([
    ['its own tag', ETAG],
    ['its tag made weak (weak comparison)', `W/${ETAG}`],
    ['a list naming it', `"old", ${ETAG}, "older"`],
    ['a list naming it weakly, without spaces', `"old",W/${ETAG}`],
    ['*', '*'],
  ])('are current on If-None-Match with %s', (_, header) => {
    expect(current({ 'if-none-match': header })).toBe(true);
  });

  it.each([
    ['another tag', '"other"'],
    ['a list without it', '"a", "b", W/"c"'],
    ['the tag without quotes', 'abc123'],
    ['junk', '\u0000;;,,=='],
    ['an empty value', ''],
  ])('are not current on If-None-Match with %s', (_, header) => {
    expect(current({ 'if-none-match': header })).toBe(false);
  });

  it('match a weak tag of ours with the strong form a reader sends', () => {
    expect(notModified(request({ 'if-none-match': ETAG }), { etag: `W/${ETAG}` })).toBe(true);
  });

  it('are not current without a condition', () => {
    expect(current({})).toBe(false);
    expect(current({}, LAST_MODIFIED)).toBe(false);
  });

  it('read If-Modified-Since only where a Last-Modified is sent', () => {
    expect(current({ 'if-modified-since': LAST_MODIFIED }, LAST_MODIFIED)).toBe(true);
    expect(current({ 'if-modified-since': 'Wed, 12 Nov 2025 10:00:00 GMT' }, LAST_MODIFIED)).toBe(true);
    expect(current({ 'if-modified-since': 'Mon, 10 Nov 2025 10:00:00 GMT' }, LAST_MODIFIED)).toBe(false);
    expect(current({ 'if-modified-since': 'not a date' }, LAST_MODIFIED)).toBe(false);
    // No date known (pages, reports, calendars, assets): only the ETag decides.
    expect(current({ 'if-modified-since': 'Wed, 12 Nov 2025 10:00:00 GMT' })).toBe(false);
  });

  it('let If-None-Match take precedence over If-Modified-Since', () => {
    const later = 'Wed, 12 Nov 2025 10:00:00 GMT';
    expect(current({ 'if-none-match': '"other"', 'if-modified-since': later }, LAST_MODIFIED)).toBe(false);
    expect(
      current({ 'if-none-match': ETAG, 'if-modified-since': 'Mon, 10 Nov 2025 10:00:00 GMT' }, LAST_MODIFIED),
    ).toBe(true);
  });

  it('answer a conditional request sent with Cache-Control: no-cache (as fetch sends it) at the origin', () => {
    expect(current({ 'if-none-match': ETAG, 'cache-control': 'no-cache' })).toBe(true);
  });

  it('apply to GET and HEAD only', () => {
    expect(notModified(request({ 'if-none-match': ETAG }, 'HEAD'), { etag: ETAG })).toBe(true);
    expect(notModified(request({ 'if-none-match': ETAG }, 'POST'), { etag: ETAG })).toBe(false);
  });

  it("answer a 304 with the 200's validators and caching headers, without the body's", () => {
    const headers = {
      ETag: ETAG,
      'Cache-Control': 'public, max-age=5',
      Vary: 'Accept-Encoding',
      'Last-Modified': LAST_MODIFIED,
      'Content-Type': 'application/json',
      'Content-Length': 42,
      'Content-Encoding': 'gzip',
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "default-src 'self'",
    };
    expect(notModifiedHeaders(headers)).toEqual({
      ETag: ETAG,
      'Cache-Control': 'public, max-age=5',
      Vary: 'Accept-Encoding',
      'Last-Modified': LAST_MODIFIED,
      'Content-Security-Policy': "default-src 'self'",
    });
    const sent: { status?: number; headers?: unknown; ended?: unknown[] } = {};
    const res = {
      writeHead: (status: number, h: unknown) => Object.assign(sent, { status, headers: h }),
      end: (...args: unknown[]) => Object.assign(sent, { ended: args }),
    } as unknown as ServerResponse;
    expect(answeredNotModified(request({ 'if-none-match': '"other"' }), res, { etag: ETAG }, headers)).toBe(false);
    expect(sent.status).toBeUndefined();
    expect(answeredNotModified(request({ 'if-none-match': ETAG }), res, { etag: ETAG }, headers)).toBe(true);
    expect(sent).toEqual({ status: 304, headers: notModifiedHeaders(headers), ended: [] });
  });
});

describe('content negotiation', () => {
  const gzip = (header?: string) =>
    chooseEncoding(request(header === undefined ? {} : { 'accept-encoding': header })).gzip;

  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br, gzip;q=0.5', true],
    ['*', true],
    ['gzip, identity;q=0', true],
    ['gzip;q=0', false],
    ['gzip;q=0, identity', false],
    ['identity', false],
    ['gzip;q=0.5, identity', false],
    ['br', false],
    ['deflate', false],
    ['*;q=0', false],
    ['identity;q=0', false],
    ['', false],
    ['\u0000;;,,==q', false],
    ['gzip;q=junk', false],
  ])('Accept-Encoding %j: gzip is %s', (header, expected) => {
    expect(gzip(header)).toBe(expected);
  });

  it('sends the body as it is without the header', () => {
    expect(gzip(undefined)).toBe(false);
  });

  it('compresses a small body only for a reader who refuses it uncompressed', () => {
    const small = (header: string) => sendsGzip(request({ 'accept-encoding': header }), 100, 1024);
    expect(small('gzip')).toBe(false);
    expect(small('gzip, identity;q=0')).toBe(true);
    expect(sendsGzip(request({ 'accept-encoding': 'gzip' }), 4096, 1024)).toBe(true);
    // Neither acceptable: the body goes as it is (RFC 9110 section 12.1, rather than a 406).
    expect(sendsGzip(request({ 'accept-encoding': 'identity;q=0' }), 4096, 1024)).toBe(false);
  });

  it('negotiates each distinct header once: the same answer for the same string', () => {
    const header = 'gzip;q=0.8, identity;q=0.2';
    expect(chooseEncoding(request({ 'accept-encoding': header }))).toBe(
      chooseEncoding(request({ 'accept-encoding': header })),
    );
    // Many distinct values (a hostile client) only refill the bounded memo; answers stay right.
    for (let i = 0; i < 500; i += 1) expect(gzip(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe(true);
    expect(gzip('gzip;q=0')).toBe(false);
  });
});
