import { IngestError } from './errors';

const DECLARATION = /^\s*<\?xml\s[^?]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/**
 * Turns the bytes of a message into text by its XML declaration (UTF-8 when it names none), refusing
 * bytes that are not valid in that encoding rather than guessing.
 */
export function decodeMessage(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.byteLength > maxBytes) {
    throw new IngestError(
      'too-large',
      `message is ${bytes.byteLength} bytes, over the limit of ${maxBytes} bytes (PODIUM_MAX_MESSAGE_MB)`,
    );
  }
  if (bytes.byteLength === 0) throw new IngestError('empty', 'message is empty');
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3; // UTF-8 byte order mark
  const head = new TextDecoder('latin1').decode(bytes.subarray(start, start + 200));
  const declared = DECLARATION.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared, { fatal: true });
  } catch {
    throw new IngestError('bad-encoding', `the XML declaration names an unknown encoding "${declared}"`);
  }
  try {
    return decoder.decode(bytes.subarray(start));
  } catch {
    throw new IngestError('bad-encoding', `message bytes are not valid ${declared} (as its XML declaration says)`);
  }
}
