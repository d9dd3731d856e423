/**
 * Content negotiation of the body's coding, once for every answer, by the kept library `negotiator`
 * (RFC 9110 section 12.5.3): `gzip;q=0` and `identity` are honoured, `*` is read as the library
 * reads it (any coding: gzip). Only gzip is offered: a page or a document keeps one gzip copy made
 * once, and nginx sends the published files' gzip_static copies; a br copy beside each would double
 * that work and memory for a few percent fewer bytes.
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';

/** What a reader's Accept-Encoding lets an answer send. */
export interface EncodingChoice {
  /** Send the gzip copy: the reader takes gzip, and at least as gladly as the bytes as they are. */
  readonly gzip: boolean;
  /**
   * The reader refused the bytes as they are (`identity;q=0`) but takes gzip: a body too small to be
   * worth compressing is compressed all the same.
   */
  readonly gzipOnly: boolean;
}

/** Ours, in the order we prefer them when the reader takes both alike. */
const OFFERED = ['gzip', 'identity'];

const PLAIN: EncodingChoice = { gzip: false, gzipOnly: false };

/**
 * Answers by Accept-Encoding string: a burst sends a few distinct values, so one is negotiated once
 * and then costs a Map lookup. Bounded: a client sending a new value each time only empties it.
 */
const choices = new Map<string, EncodingChoice>();
const CHOICES_LIMIT = 64;

/**
 * The coding to answer `req` with. Without the header, or when the reader takes neither (say
 * `identity;q=0` alone), the body goes as it is: RFC 9110 section 12.1 lets the origin disregard a
 * preference it cannot meet rather than answer 406, and a reader always can read it.
 */
export function chooseEncoding(req: IncomingMessage): EncodingChoice {
  const header = req.headers['accept-encoding'];
  if (header === undefined || header === '') return PLAIN;
  let choice = choices.get(header);
  if (!choice) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
    const acceptable = negotiator.encodings(OFFERED);
    const gzip = acceptable[0] === 'gzip';
    choice = { gzip, gzipOnly: gzip && !acceptable.includes('identity') };
    if (choices.size >= CHOICES_LIMIT) choices.clear();
    choices.set(header, choice);
  }
  return choice;
}

/** Whether to send the gzip copy of a body of `bytes`, which is worth compressing from `worthFrom` bytes. */
export function sendsGzip(req: IncomingMessage, bytes = Infinity, worthFrom = 0): boolean {
  const choice = chooseEncoding(req);
  return choice.gzip && (bytes >= worthFrom || choice.gzipOnly);
}
