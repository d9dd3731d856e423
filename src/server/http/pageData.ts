import { SERVER_TABLE_ROWS } from '../../core/views';
import type { DataSource } from '../../web/data/source';
import type { DocumentStore } from '../store/documents';

/**
 * What a page render reads: the store's documents directly (the browser reads the same over the
 * API). A document the store cannot read (corrupt storage) is logged with its cause for the
 * operator; the page learns only which document failed, never the store's own error text.
 * `describe`: the API's description as /api/openapi.json answers it (the developers' page reads it).
 */
export function storePageData(store: DocumentStore, describe?: () => unknown): DataSource {
  return {
    ...(describe ? { apiDescription: async () => describe() } : {}),
    document: async <T>(type: string, code: string) => {
      try {
        return store.json<T>(type, code);
      } catch (error) {
        console.error(`podium: reading ${type} ${code}: ${(error as Error).message}`);
        throw new Error(`${type} ${code} could not be read`, { cause: error });
      }
    },
    tableRowLimit: SERVER_TABLE_ROWS,
  };
}
