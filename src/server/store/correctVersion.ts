import type { Db } from './database';
import type { DocumentStore } from './documents';
import { MessageLog } from './messageLog';

/**
 * Sets the stored Version of a document, for a feed that sent a wrong one (a Version far ahead makes
 * every later correction look old). The body stays as it is; the change is written to the message
 * log (outcome `version-corrected`, source `operator`), so the store's history says who and when.
 */
export function correctVersion(store: DocumentStore, db: Db, type: string, code: string, version: number): string {
  if (!Number.isInteger(version) || version < 0 || version > 99_999)
    throw new Error(`the Version must be a whole number from 0 to 99999, not ${version}`);
  const stored = store.get(type, code);
  if (!stored) throw new Error(`no document ${type} ${code} is stored`);
  store.transaction(() => {
    store.put({
      type,
      code,
      version,
      status: stored.status,
      body: stored.body,
      derived: stored.derived,
      receivedAt: stored.receivedAt,
    });
    new MessageLog(db).record({
      source: 'operator',
      outcome: 'version-corrected',
      reason: `stored Version ${stored.version} set to ${version}`,
      type,
      code,
      version,
      size: 0,
    });
  });
  return `${type} ${code}: stored Version ${stored.version} → ${version}; the feed's next message needs a higher one`;
}
