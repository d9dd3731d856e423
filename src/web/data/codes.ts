import type { DataText } from '../i18n/locale';
import type { ReferenceState } from '../store/referenceStore';
import { REFERENCE_TABLE_NAMES, REFERENCE_TABLES } from '../store/referenceTables';
import type { DataSource } from './source';

/** A code table of the service (spec section 7) as a lookup from Id to its texts. */
export type CodeLookup = Record<string, DataText>;

interface CodeItem {
  Id?: string;
  ENG_Description?: string;
  CHI_Description?: string;
  CHT_Description?: string;
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
  const items =
    storedItems(table) ??
    (await data.document<{ Result: { Items: CodeItem[] } }>('COMMON_CODE', table))?.Result.Items ??
    [];
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
