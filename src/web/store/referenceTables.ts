import { TREE_EVENTS, type TreeEvent } from '../../generated/treeEvents';

/**
 * The 15 reference tables the site loads at start-up (spec section 7), each with the service path it
 * comes from and the fields its look-up is keyed by (spec section 3). The one source for the table
 * names, their paths and their keys; the types below derive from it.
 */
export const REFERENCE_TABLES = {
  disciplineTree: { path: 'disciplineTree', keys: ['Discipline'] },
  eventUnitType: { path: 'eventUnitType', keys: ['Id'] },
  scheduleStatus: { path: 'schedulestatus', keys: ['Id'] },
  sessionType: { path: 'sessiontype', keys: ['Id'] },
  resultStatus: { path: 'resultstatus', keys: ['Id'] },
  recordType: { path: 'recordtype', keys: ['Discipline', 'RecordType'] },
  // The spec's client stored phaseType and venue under each other's key; here each is under its own.
  phaseType: { path: 'phaseType', keys: ['Id'] },
  venue: { path: 'venue', keys: ['Id'] },
  location: { path: 'location', keys: ['Id'] },
  position: { path: 'position', keys: ['Discipline', 'Id'] },
  disciplineGender: { path: 'disciplineGender', keys: ['Discipline', 'Gender'] },
  disciplineFunction: { path: 'disciplineFunction', keys: ['Discipline', 'Function'] },
  reportType: { path: 'reportType', keys: ['Discipline', 'Code'] },
  noc: { path: 'noc', keys: ['Id'] },
  sportCodes: { path: 'sportCodes', keys: ['Discipline', 'CodeEntity', 'Code'] },
} as const satisfies Record<string, { path: string; keys: readonly string[] }>;

export type ReferenceTableName = keyof typeof REFERENCE_TABLES;
export const REFERENCE_TABLE_NAMES = Object.keys(REFERENCE_TABLES) as ReferenceTableName[];

export type ReferenceItem = Record<string, unknown>;
/** A table reshaped into a look-up: its key fields joined by "/" (a missing field is empty). */
export type ReferenceLookup = Record<string, ReferenceItem>;

export const lookupKey = (item: ReferenceItem, keys: readonly string[]): string =>
  keys.map((field) => (item[field] === null || item[field] === undefined ? '' : String(item[field]))).join('/');

/** Items to a look-up; a later item with the same key wins, as the service's last word. */
export function reshape(name: ReferenceTableName, items: readonly ReferenceItem[]): ReferenceLookup {
  const lookup: ReferenceLookup = {};
  for (const item of items) lookup[lookupKey(item, REFERENCE_TABLES[name].keys)] = item;
  return lookup;
}

/**
 * The discipline tree with the events plugins say every tree lists (`treeEvents`), each added only
 * when the service's tree lacks it; a discipline the service does not list at all is not invented.
 */
export function withTreeEvents(
  tree: readonly ReferenceItem[],
  additions: Readonly<Record<string, readonly TreeEvent[]>> = TREE_EVENTS,
): ReferenceItem[] {
  return tree.map((item) => {
    const extra = additions[String(item.Discipline)];
    if (!extra?.length) return item;
    const events = Array.isArray(item.Events) ? (item.Events as ReferenceItem[]) : [];
    const present = new Set(events.map((e) => e.EventFullRsc));
    const missing = extra.filter((e) => !present.has(e.EventFullRsc));
    return missing.length === 0 ? item : { ...item, Events: [...events, ...missing] };
  });
}
