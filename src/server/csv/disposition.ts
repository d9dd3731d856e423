/**
 * `Content-Disposition: attachment` with the file's name twice (RFC 6266): `filename` in ASCII, for
 * the few clients that read only that, and `filename*` in UTF-8 (RFC 8187), the name in the page's
 * language, which every current browser prefers.
 */

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const MAX_NAME = 120;

/** A name in people's words as a file's: without what a file system refuses, spaces collapsed, not too long. */
export function fileNameOf(words: string): string {
  return [...words.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim()].slice(0, MAX_NAME).join('');
}

/** RFC 8187's value-chars: percent-encoded UTF-8 but for its attr-chars (not `'`, `(`, `)` or `*`). */
const extValue = (text: string): string =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `ascii` is a name the caller made of letters, digits, `.`, `-` and `_` (anything else is dropped);
 * `words` the name in the page's language, both without the extension.
 */
export function attachment(ascii: string, words: string, extension: string): string {
  const plain = ascii.replace(/[^A-Za-z0-9._-]/g, '') || 'download';
  const named = fileNameOf(words) || plain;
  return `attachment; filename="${plain}.${extension}"; filename*=UTF-8''${extValue(`${named}.${extension}`)}`;
}
