import type { DataText } from '../i18n/locale';
import type { DataSource } from './source';

/** A code table of the service (spec section 7) as a lookup from Id to its texts. */
export type CodeLookup = Record<string, DataText>;

interface CodeItem {
  Id?: string;
  ENG_Description?: string;
  CHI_Description?: string;
  CHT_Description?: string;
}

export async function codeLookup(data: DataSource, table: string): Promise<CodeLookup> {
  const doc = await data.document<{ Result: { Items: CodeItem[] } }>('COMMON_CODE', table);
  const lookup: CodeLookup = {};
  for (const item of doc?.Result.Items ?? []) {
    if (!item.Id) continue;
    lookup[item.Id] = {
      ...(item.ENG_Description ? { ENG: item.ENG_Description } : {}),
      ...(item.CHI_Description ? { CHI: item.CHI_Description } : {}),
      ...(item.CHT_Description ? { CHT: item.CHT_Description } : {}),
    };
  }
  return lookup;
}
