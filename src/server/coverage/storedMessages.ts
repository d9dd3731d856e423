import { isElement, type Element } from '../../core/feedValues';
import { decodeMessage } from '../odf/decode';
import { parseXml } from '../odf/normalise';
import { addTraditionalTwins } from '../odf/traditional';
import type { Db } from '../store/database';

/** A stored message whose bytes the log still keeps: the one that made a document's latest version. */
export interface StoredMessage {
  readonly id: number;
  readonly type: string;
  readonly code: string;
}

/**
 * The latest stored message of each document, oldest document first. The latest version only: a
 * live unit sends hundreds of versions that carry the same kinds of values, so counts then mean
 * "documents that carry it", and the work is bounded by the documents, not by the feed's chatter.
 * The log never prunes the message of a current document, so a real games' store has them all.
 * Ids only: bodies are read one at a time (`messageBody`), so the connection is never held busy by
 * an open iterator while a server answers other requests between messages.
 */
export function latestStoredMessages(db: Db, filter: { readonly sport?: string } = {}): StoredMessage[] {
  const sport = filter.sport ? ' AND substr(code, 1, 3) = ?' : '';
  return db
    .prepare(
      `SELECT max(id) AS id, type, code FROM messages
       WHERE outcome = 'stored' AND body IS NOT NULL AND type IS NOT NULL AND code IS NOT NULL${sport}
       GROUP BY type, code ORDER BY id`,
    )
    .all(...(filter.sport ? [filter.sport] : [])) as StoredMessage[];
}

export function messageBody(db: Db, id: number): Buffer | undefined {
  const body = db.prepare('SELECT body FROM messages WHERE id = ?').pluck().get(id) as Buffer | null | undefined;
  return body ?? undefined;
}

/** A message as ingest stores it, and the elements that arrived in it (not the Traditional twins ingest adds). */
export interface ParsedMessage {
  readonly document: Element;
  readonly arrived: ReadonlySet<object>;
}

/**
 * Decodes and parses a message's bytes as ingest does (decode.ts, normalise.ts), then adds the
 * Traditional twins as ingest does, so the layouts read the same shape the site reads. The twins are
 * the service's own words, not the feed's: `arrived` lets coverage leave them out.
 */
export function parseStoredMessage(bytes: Uint8Array): ParsedMessage {
  const { element } = parseXml(decodeMessage(bytes, Number.MAX_SAFE_INTEGER));
  const arrived = new Set<object>();
  const note = (node: Element) => {
    arrived.add(node);
    for (const value of Object.values(node))
      if (Array.isArray(value)) for (const child of value) if (isElement(child)) note(child);
  };
  note(element);
  addTraditionalTwins(element);
  return { document: element, arrived };
}
