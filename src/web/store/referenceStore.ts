import { proxy, ref, snapshot, subscribe } from 'valtio/vanilla';
import { nextTask } from '../nextTask';
import type { SafeStorage } from './storage';
import {
  REFERENCE_TABLE_NAMES,
  REFERENCE_TABLES,
  reshape,
  withTreeEvents,
  type ReferenceItem,
  type ReferenceLookup,
  type ReferenceTableName,
} from './referenceTables';

export const REFERENCE_STORE_KEY = 'podium-reference';
/** Bump when the persisted shape changes: an older copy is then ignored, never misread. */
export const REFERENCE_STORE_VERSION = 1;

export interface ReferenceState {
  version: number;
  /** When the tables were last fetched (ISO time), null before the first start-up. */
  updatedAt: string | null;
  tables: Partial<Record<ReferenceTableName, ReferenceLookup>>;
  /** Tables whose last fetch failed: their previous copy, if any, is kept. */
  failed: ReferenceTableName[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A persisted copy is used only when it is this version's shape, table by table. */
function isPersistedState(value: unknown): value is ReferenceState {
  if (!isRecord(value) || value.version !== REFERENCE_STORE_VERSION || !isRecord(value.tables)) return false;
  if (!(value.updatedAt === null || typeof value.updatedAt === 'string') || !Array.isArray(value.failed)) return false;
  return Object.entries(value.tables).every(
    ([name, table]) => (REFERENCE_TABLE_NAMES as string[]).includes(name) && isRecord(table),
  );
}

const emptyState = (): ReferenceState => ({
  version: REFERENCE_STORE_VERSION,
  updatedAt: null,
  tables: {},
  failed: [],
});

/**
 * The reference tables as a valtio store, restored from storage and written back on every change.
 * Corrupt, foreign-version or unreadable storage starts empty; a full storage only stops persisting.
 */
export function createReferenceStore(storage: SafeStorage): ReferenceState {
  const restored = storage.read(REFERENCE_STORE_KEY, emptyState(), isPersistedState);
  const state = proxy<ReferenceState>({ ...restored, tables: refTables(restored.tables) });
  subscribe(state, () => {
    storage.write(REFERENCE_STORE_KEY, snapshot(state));
  });
  return state;
}

/**
 * Tables are replaced whole, never edited in place: held by reference, valtio does not wrap their
 * thousands of items in proxies (which cost tens of milliseconds on a phone at start-up).
 */
function refTables(tables: ReferenceState['tables']): ReferenceState['tables'] {
  const held: ReferenceState['tables'] = {};
  for (const [name, table] of Object.entries(tables) as [ReferenceTableName, ReferenceLookup][])
    held[name] = ref(table);
  return held;
}

const REQUESTS_PER_TASK = 2;

/**
 * Start-up (spec section 4): all tables fetched together, reshaped into look-ups keyed as spec
 * section 3, the plugins' tree events added when absent. A table that fails keeps its last copy.
 */
export async function loadReferenceTables(
  state: ReferenceState,
  fetchTable: (path: string) => Promise<ReferenceItem[]>,
  now: () => Date = () => new Date(),
): Promise<ReferenceTableName[]> {
  // All requested before any is waited for, a few per task: starting fifteen requests (and their
  // timeouts) at once is itself a long task on a phone.
  const requests: Promise<ReferenceItem[]>[] = [];
  for (const [i, name] of REFERENCE_TABLE_NAMES.entries()) {
    const request = fetchTable(REFERENCE_TABLES[name].path);
    // Handled now: a table failing while the next are being started is not an unhandled rejection
    // (allSettled below still sees it).
    request.catch(() => undefined);
    requests.push(request);
    if (i % REQUESTS_PER_TASK === REQUESTS_PER_TASK - 1) await nextTask();
  }
  const results = await Promise.allSettled(requests);
  const failed: ReferenceTableName[] = [];
  const fresh: ReferenceState['tables'] = {};
  // One table per task, then one change of the store: readers never see half a refresh, and the
  // store is persisted once.
  for (const [i, result] of results.entries()) {
    const name = REFERENCE_TABLE_NAMES[i]!;
    if (result.status === 'rejected') {
      failed.push(name);
      continue;
    }
    const items = name === 'disciplineTree' ? withTreeEvents(result.value) : result.value;
    fresh[name] = ref(reshape(name, items));
    await nextTask();
  }
  Object.assign(state.tables, fresh);
  state.failed = failed;
  state.updatedAt = now().toISOString();
  return failed;
}

/** The look-up of a table, if the store has it. */
export const referenceLookup = (state: ReferenceState | undefined, name: ReferenceTableName) => state?.tables[name];
