import type { AnyDerivedDocument } from '../../../schemas/api';
import type { Db } from '../store/database';
import type { GamesCodeNames } from '../reference/codeNames';
import type { DocumentStore } from '../store/documents';

/**
 * A document a deriver produces: its type (one the deriver owns), code and JSON body, the body typed
 * by the contract of its type (schemas/api.ts).
 */
export type DerivedDocument = AnyDerivedDocument;

export interface DeriveContext {
  readonly store: DocumentStore;
  readonly db: Db;
  /** The games' event and venue names by code (code tables): names what a schedule sends no Chinese for. */
  readonly codeNames?: GamesCodeNames | undefined;
}

/**
 * Builds aggregate documents from stored ones. `inputs` names the document types (or store tables,
 * prefixed `table:`) whose change makes its documents stale; `owns` the derived types it writes, so a
 * document it no longer produces is removed.
 */
export interface Deriver {
  readonly name: string;
  readonly inputs: readonly string[];
  readonly owns: readonly string[];
  build(context: DeriveContext): DerivedDocument[];
  /**
   * The codes of its documents that a change of one input document (or table row) affects, or
   * undefined when any may be. With `buildPart`, a change whose codes the writer named
   * (`DeriveRunner.touch`) rebuilds those documents only: a live result rebuilds its competitors'
   * documents and its own report lists, not all of them.
   */
  affected?(input: string, code: string): readonly string[] | undefined;
  /** The documents of the given codes only; a code it returns nothing for is removed. */
  buildPart?(context: DeriveContext, codes: ReadonlySet<string>): DerivedDocument[];
}
