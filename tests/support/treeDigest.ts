import { ROOT } from '../../codegen/paths';
import { contentDigest } from '../../scripts/build/freshness.mjs';

/** A short digest of the named files and folders of the project (names and contents): a cache key. */
export const treeDigest = (inputs: readonly string[]): string => contentDigest(ROOT, inputs);
