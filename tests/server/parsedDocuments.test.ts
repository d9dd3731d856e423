/**
 * Page renders share one parsed copy of each document version (http/parsedDocuments.ts): read again,
 * the same object; a new version, parsed anew; frozen, so a loader cannot change it for the pages
 * after; the least recently read dropped past the limit. The real store, in memory.
 */
import { describe, expect, it } from 'vitest';
import { ParsedDocuments } from '../../src/server/http/parsedDocuments';
import { openDatabase } from '../../src/server/store/database';
import { DocumentStore } from '../../src/server/store/documents';

const put = (store: DocumentStore, code: string, version: number, body: unknown) =>
  store.put({ type: 'SCHEDULE_DAY', code, version, body: JSON.stringify(body), derived: true });

describe('parsed documents', () => {
  it('parse a version once, a new version again, and never hand out a copy one can change', () => {
    const store = new DocumentStore(openDatabase(':memory:'));
    const parsed = new ParsedDocuments(store);
    put(store, '2025-11-10', 1, { units: [{ code: 'A' }] });
    const first = parsed.get<{ units: { code: string }[] }>('SCHEDULE_DAY', '2025-11-10')!;
    expect(parsed.get('SCHEDULE_DAY', '2025-11-10')).toBe(first);
    expect(() => first.units.push({ code: 'B' })).toThrow(TypeError);
    expect(() => {
      first.units[0]!.code = 'B';
    }).toThrow(TypeError);
    put(store, '2025-11-10', 2, { units: [{ code: 'C' }] });
    const second = parsed.get<{ units: { code: string }[] }>('SCHEDULE_DAY', '2025-11-10')!;
    expect(second).not.toBe(first);
    expect(second.units[0]!.code).toBe('C');
    expect(parsed.get('SCHEDULE_DAY', 'UNSCHEDULED')).toBeUndefined();
  });

  it('drop the least recently read past the limit of their JSON', () => {
    const store = new DocumentStore(openDatabase(':memory:'));
    const body = { text: 'x'.repeat(100) };
    for (const code of ['2025-11-10', '2025-11-11', '2025-11-12']) put(store, code, 1, body);
    // Room for two documents of about 110 bytes.
    const parsed = new ParsedDocuments(store, 250);
    const a = parsed.get('SCHEDULE_DAY', '2025-11-10');
    const b = parsed.get('SCHEDULE_DAY', '2025-11-11');
    expect(parsed.get('SCHEDULE_DAY', '2025-11-10')).toBe(a);
    parsed.get('SCHEDULE_DAY', '2025-11-12');
    // 11 was read least recently: parsed anew; 10 was kept.
    expect(parsed.get('SCHEDULE_DAY', '2025-11-10')).toBe(a);
    expect(parsed.get('SCHEDULE_DAY', '2025-11-11')).not.toBe(b);
  });
});
