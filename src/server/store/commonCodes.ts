import type { DataText } from '../../web/i18n/locale';
import type { DocumentStore } from './documents';

interface CommonItem {
  Id: string;
  ENG_Description?: string;
  CHI_Description?: string;
  CHT_Description?: string;
}

/** A code table of the store (COMMON_CODE/{table}) as each code's text in the three languages. */
export function commonTexts(store: DocumentStore, table: string): Map<string, DataText> {
  const items = store.json<{ Result?: { Items?: CommonItem[] } }>('COMMON_CODE', table)?.Result?.Items ?? [];
  return new Map(
    items.map((item) => [
      item.Id,
      {
        ...(item.ENG_Description ? { ENG: item.ENG_Description } : {}),
        ...(item.CHI_Description ? { CHI: item.CHI_Description } : {}),
        ...(item.CHT_Description ? { CHT: item.CHT_Description } : {}),
      },
    ]),
  );
}
