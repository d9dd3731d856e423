import type { Db } from './database';
import type { DocumentStore } from './documents';

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
    db.prepare(
      `INSERT INTO messages (type, code, version, status, received_at, source, outcome, sha256, xml)
       VALUES (?, ?, ?, NULL, ?, 'operator', 'version-corrected', '', NULL)`,
    ).run(type, code, version, new Date().toISOString());
  });
  return `${type} ${code}: stored Version ${stored.version} → ${version}; the feed's next message needs a higher one`;
}
