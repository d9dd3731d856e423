import type { CodeItem, DisciplineTreeItem } from '../../../schemas/api';
import type { DataText } from '../i18n/locale';
import type { ReferenceState } from '../store/referenceStore';
import { REFERENCE_TABLE_NAMES, REFERENCE_TABLES } from '../store/referenceTables';
import type { DataSource } from './source';

/** A code table of the service (spec section 7) as a lookup from Id to its texts. */
export type CodeLookup = Record<string, DataText>;

/**
 * The items of a code table. Their columns differ by table (spec section 7), so the contract checks
 * an answer's envelope (schemas/api/reports.ts) and each reader names the columns it reads: here,
 * the one place the items take their table's type.
 */
async function codeTableItems<T>(data: DataSource, table: string): Promise<T[]> {
  return ((await data.document('COMMON_CODE', table))?.Result.Items ?? []) as T[];
}

export type { DisciplineTreeItem };

export const disciplineText = (item: DisciplineTreeItem): DataText => ({
  ENG: item.ENG_Description,
  CHI: item.CHI_Description,
  CHT: item.CHT_Description,
});

/** COMMON_CODE/disciplineTree: the disciplines with their events. */
export function disciplineTree(data: DataSource): Promise<DisciplineTreeItem[]> {
  return codeTableItems<DisciplineTreeItem>(data, 'disciplineTree');
}

// In the browser, the start-up's persisted reference store answers for the tables it holds.
let referenceStore: ReferenceState | undefined;
export function setReferenceStore(state: ReferenceState | undefined): void {
  referenceStore = state;
}

function storedItems(table: string): CodeItem[] | undefined {
  const name = REFERENCE_TABLE_NAMES.find((n) => REFERENCE_TABLES[n].path === table);
  const keys: readonly string[] | undefined = name ? REFERENCE_TABLES[name].keys : undefined;
  const stored = name && keys?.length === 1 && keys[0] === 'Id' ? referenceStore?.tables[name] : undefined;
  return stored ? (Object.values(stored) as CodeItem[]) : undefined;
}

export async function codeLookup(data: DataSource, table: string): Promise<CodeLookup> {
  const items = storedItems(table) ?? (await codeTableItems<CodeItem>(data, table));
  const lookup: CodeLookup = {};
  for (const item of items) {
    if (!item.Id) continue;
    lookup[item.Id] = {
      ...(item.ENG_Description ? { ENG: item.ENG_Description } : {}),
      ...(item.CHI_Description ? { CHI: item.CHI_Description } : {}),
      ...(item.CHT_Description ? { CHT: item.CHT_Description } : {}),
    };
  }
  return lookup;
}
