import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/store/database';
import { DocumentStore, strongEtag } from '../../src/server/store/documents';
import { MIGRATIONS } from '../../src/server/store/migrations';
import { RESULT_LISTING_SQL } from '../../src/server/derive/reports';

describe('the document store', () => {
  it('migrates a new database to the latest schema, and reopens it without migrating again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-store-'));
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    new DocumentStore(db).put({ type: 'DT_RESULT', code: 'X', version: 1, body: { a: 1 } });
    db.close();
    const again = openDatabase(dir);
    expect(new DocumentStore(again).get('DT_RESULT', 'X')?.body).toBe('{"a":1}');
    again.close();
  });

  it('lists the results for the report lists from an index, never reading a body (each result message does)', () => {
    const db = openDatabase(':memory:');
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${RESULT_LISTING_SQL}`).all() as { detail: string }[]).map(
      (r) => r.detail,
    );
    expect(plan.join('; ')).toMatch(/USING COVERING INDEX documents_listing/);
    db.close();
  });

  it('refuses a data folder whose database file is not a database, with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-store-'));
    writeFileSync(join(dir, 'podium.sqlite'), 'this is not a database, just text that fills the header '.repeat(100));
    expect(() => openDatabase(dir)).toThrow(/not a database|damaged/);
  });

  it('gives every document a strong ETag of its exact bytes, and skips a write of the same bytes', () => {
    const store = new DocumentStore(openDatabase(':memory:'));
    expect(store.put({ type: 'T', code: 'C', version: 1, body: { v: 1 } })).toBe(true);
    expect(store.get('T', 'C')?.etag).toBe(strongEtag('{"v":1}'));
    expect(store.put({ type: 'T', code: 'C', version: 1, body: { v: 1 } })).toBe(false);
    expect(store.put({ type: 'T', code: 'C', version: 2, body: { v: 2 } })).toBe(true);
    expect(store.get('T', 'C')?.etag).toBe(strongEtag('{"v":2}'));
  });

  it('sees what another process commits, despite its read cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-store-'));
    const reader = new DocumentStore(openDatabase(dir));
    const writer = new DocumentStore(openDatabase(dir));
    writer.put({ type: 'T', code: 'C', version: 1, body: { v: 1 } });
    expect(reader.get('T', 'C')?.version).toBe(1);
    writer.put({ type: 'T', code: 'C', version: 2, body: { v: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reader.get('T', 'C')?.version).toBe(2);
  });

  it("answers a document's ETag ('' when absent) as it changes, here or on another connection", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-store-'));
    const reader = new DocumentStore(openDatabase(dir));
    const writer = new DocumentStore(openDatabase(dir));
    expect(reader.etag('T', 'C')).toBe('');
    writer.put({ type: 'T', code: 'C', version: 1, body: { v: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(reader.etag('T', 'C')).toBe(strongEtag('{"v":1}'));
    writer.put({ type: 'T', code: 'C', version: 2, body: { v: 2 } });
    // Asked to look at once (the ingest thread's commit was just answered), no wait is needed.
    reader.refresh();
    expect(reader.etag('T', 'C')).toBe(strongEtag('{"v":2}'));
    reader.put({ type: 'T', code: 'C', version: 3, body: { v: 3 } });
    expect(reader.etag('T', 'C')).toBe(strongEtag('{"v":3}'));
    writer.remove('T', 'C');
    reader.refresh();
    expect(reader.etag('T', 'C')).toBe('');
  });

  it('leaves nothing of a transaction that fails', () => {
    const store = new DocumentStore(openDatabase(':memory:'));
    expect(() =>
      store.transaction(() => {
        store.put({ type: 'T', code: 'C', version: 1, body: {} });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.get('T', 'C')).toBeUndefined();
  });
});
