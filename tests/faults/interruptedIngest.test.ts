import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { demoMessages } from '../../src/server/demo/load';
import { loadSports, openService, type Service } from '../../src/server/service';
import { MB } from '../server/helpers';

/**
 * Issue 15, item 2: after `kill -9` of `npm run ingest`, results were at v402 while REPORT_LIST stayed
 * at v202, across restarts. The derived documents a message makes stale are noted in its own
 * transaction, and the next start rebuilds them.
 */
/** Every derived document, type/code → body. */
function derivedDocuments(service: Service): Map<string, string> {
  const rows = service.db.prepare('SELECT type, code, body FROM documents WHERE derived = 1').all() as {
    type: string;
    code: string;
    body: string;
  }[];
  return new Map(rows.map((row) => [`${row.type}/${row.code}`, row.body]));
}

/** What a full rebuild from the stored messages' documents gives, for comparison. */
function afterFullRebuild(service: Service): Map<string, string> {
  service.store.transaction(() => service.derive.rebuildAll());
  return derivedDocuments(service);
}

describe('a run of ingest that stops before rebuilding', () => {
  it('leaves its notes in the store, and the next start rebuilds what they name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-interrupted-'));
    const sports = await loadSports();
    const messages = demoMessages({ sports }).slice(0, 400);
    const first = await openService({ dataDir: dir, maxMessageBytes: 64 * MB });
    for (const m of messages) first.ingestor.ingest(Buffer.from(m.xml), 'test', { deferDerive: true });
    // The process ends here without its flush: what it committed stays, what it held in memory is gone.
    first.db.close();
    const pending = new Database(join(dir, 'podium.sqlite'), { readonly: true });
    expect((pending.prepare('SELECT count(*) AS n FROM derive_pending').get() as { n: number }).n).toBeGreaterThan(0);
    pending.close();
    const restarted = await openService({ dataDir: dir, maxMessageBytes: 64 * MB });
    const derived = derivedDocuments(restarted);
    expect(derived.size).toBeGreaterThan(0);
    expect(restarted.derive.pending).toBe(false);
    expect(afterFullRebuild(restarted)).toEqual(derived);
    restarted.close();
  }, 300_000);
});
