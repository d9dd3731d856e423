import { describe, expect, it, vi } from 'vitest';
import { TREE_EVENTS } from '../../src/generated/treeEvents';
import {
  createReferenceStore,
  loadReferenceTables,
  REFERENCE_STORE_KEY,
  REFERENCE_STORE_VERSION,
} from '../../src/web/store/referenceStore';
import { REFERENCE_TABLE_NAMES, REFERENCE_TABLES, reshape, withTreeEvents } from '../../src/web/store/referenceTables';
import { safeStorage } from '../../src/web/store/storage';

/** A Storage in memory that can be made full, or to throw on every access. */
function memoryStorage(options: { full?: boolean } = {}): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    setItem: (k: string, v: string) => {
      if (options.full) throw new DOMException('quota', 'QuotaExceededError');
      data.set(k, v);
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const tableItems = (path: string): Record<string, unknown>[] => {
  if (path === 'disciplineTree')
    return [
      { Discipline: 'GAR', Events: [] },
      { Discipline: 'SWM', Events: [] },
    ];
  if (path === 'position') return [{ Discipline: 'FBL', Id: 'GK', ENG_Description: 'Goalkeeper' }];
  return [{ Id: `${path}-1`, ENG_Description: path }];
};

describe('the reference tables', () => {
  it('are the 15 of spec section 7, each keyed as spec section 3', () => {
    expect(REFERENCE_TABLE_NAMES).toHaveLength(15);
    expect(reshape('position', [{ Discipline: 'FBL', Id: 'GK' }])).toHaveProperty(['FBL/GK']);
    expect(reshape('sportCodes', [{ Discipline: 'ATH', CodeEntity: '@IRM', Code: 'DNS' }])).toHaveProperty([
      'ATH/@IRM/DNS',
    ]);
    expect(reshape('recordType', [{ Discipline: 'SWM', RecordType: 'WR' }])).toHaveProperty(['SWM/WR']);
    expect(reshape('venue', [{ Id: 'GOA' }, { Id: 'GOA', ENG_Description: 'later' }])).toEqual({
      GOA: { Id: 'GOA', ENG_Description: 'later' },
    });
    // Each table under its own key: the spec's client swapped phaseType and venue.
    expect(REFERENCE_TABLES.venue.path).toBe('venue');
    expect(REFERENCE_TABLES.phaseType.path).toBe('phaseType');
  });

  it('gain the four gymnastics events of the plugins when absent, and only then', () => {
    expect(TREE_EVENTS.GAR?.map((e) => e.ENG_EventName)).toEqual(['Men', 'Men Youth U17', 'Women', 'Women Youth U15']);
    expect(TREE_EVENTS.GAR?.every((e) => e.TeamEvent === 'N')).toBe(true);
    const present = TREE_EVENTS.GAR![0]!;
    const tree = withTreeEvents([
      { Discipline: 'GAR', Events: [present] },
      { Discipline: 'SWM', Events: [{ EventFullRsc: 'SWMM100MFR' }] },
    ]);
    const gar = tree[0]!.Events as { EventFullRsc: string }[];
    expect(gar).toHaveLength(4);
    expect(new Set(gar.map((e) => e.EventFullRsc)).size).toBe(4);
    expect(tree[1]!.Events).toEqual([{ EventFullRsc: 'SWMM100MFR' }]);
    expect(withTreeEvents([{ Discipline: 'SWM' }])).toEqual([{ Discipline: 'SWM' }]);
  });
});

describe('the persisted reference store', () => {
  it('fetches every table at once, keeps them and restores them on the next start', async () => {
    const storage = memoryStorage();
    const store = createReferenceStore(safeStorage(() => storage));
    const asked: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loading = loadReferenceTables(store, async (path) => {
      asked.push(path);
      await gate;
      return tableItems(path);
    });
    // All requested before any answered: in parallel.
    await vi.waitFor(() => expect(asked).toHaveLength(15));
    release();
    expect(await loading).toEqual([]);
    expect(Object.keys(store.tables)).toHaveLength(15);
    expect(Object.keys(store.tables.disciplineTree!)).toEqual(['GAR', 'SWM']);
    expect((store.tables.disciplineTree!.GAR!.Events as unknown[]).length).toBe(4);
    await flush();
    const again = createReferenceStore(safeStorage(() => storage));
    expect(again.tables.position).toEqual({ 'FBL/GK': tableItems('position')[0] });
    expect(again.updatedAt).toBe(store.updatedAt);
  });

  it('keeps the last copy of a table whose fetch fails', async () => {
    const store = createReferenceStore(safeStorage(() => memoryStorage()));
    await loadReferenceTables(store, async (path) => tableItems(path));
    const failed = await loadReferenceTables(store, async (path) => {
      if (path === 'venue') throw new Error('Network Error');
      return tableItems(path);
    });
    expect(failed).toEqual(['venue']);
    expect(store.failed).toEqual(['venue']);
    expect(store.tables.venue).toEqual({ 'venue-1': { Id: 'venue-1', ENG_Description: 'venue' } });
  });

  it.each([
    ['not JSON', '{"version":1,'],
    [
      'another version',
      JSON.stringify({ version: REFERENCE_STORE_VERSION + 1, updatedAt: null, tables: {}, failed: [] }),
    ],
    ['a wrong shape', JSON.stringify({ version: REFERENCE_STORE_VERSION, updatedAt: 5, tables: [], failed: {} })],
    [
      'an unknown table',
      JSON.stringify({ version: REFERENCE_STORE_VERSION, updatedAt: null, tables: { x: {} }, failed: [] }),
    ],
  ])('starts empty over corrupt storage (%s) and then works', async (_, stored) => {
    const storage = memoryStorage();
    storage.data.set(REFERENCE_STORE_KEY, stored);
    const store = createReferenceStore(safeStorage(() => storage));
    expect(store.tables).toEqual({});
    await loadReferenceTables(store, async (path) => tableItems(path));
    await flush();
    expect(JSON.parse(storage.data.get(REFERENCE_STORE_KEY)!).version).toBe(REFERENCE_STORE_VERSION);
  });

  it('works over a full storage and over one that throws on access', async () => {
    for (const get of [
      () => memoryStorage({ full: true }),
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ]) {
      const store = createReferenceStore(safeStorage(get));
      await loadReferenceTables(store, async (path) => tableItems(path));
      await flush();
      expect(Object.keys(store.tables)).toHaveLength(15);
    }
  });
});
