/**
 * The size budgets of DESIGN section 7, held on every run: the production build is measured (gzip)
 * and the test fails when the entry, a unit result page's JavaScript or any sport plugin chunk is
 * over. The figures are printed each time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sportFolders } from '../codegen/load';
import { bundleSizes, type BundleSizes } from './support/bundleSizes';
import { BUNDLE_BUDGETS, KB } from './support/budgets';
import { siteBuild } from './support/siteBuild';

let sizes: BundleSizes;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

beforeAll(async () => {
  sizes = bundleSizes(await siteBuild());
  const largest = [...sizes.plugins].sort((a, b) => b.chunk - a.chunk)[0];
  console.log(
    `bundle budgets: entry ${kb(sizes.entry)} of ${kb(BUNDLE_BUDGETS.entry)}; unit page ${kb(sizes.unitPage)} of ${kb(BUNDLE_BUDGETS.unitPage)}; ` +
      `largest plugin chunk ${largest?.code} ${kb(largest?.chunk ?? 0)} of ${kb(BUNDLE_BUDGETS.pluginChunk)}`,
  );
}, 300_000);

describe('JavaScript budgets (gzip, production build)', () => {
  it('the entry stays within its budget', () => {
    expect(sizes.entry).toBeLessThanOrEqual(BUNDLE_BUDGETS.entry);
  });

  it('all JavaScript of a unit result page stays within its budget', () => {
    expect(sizes.unitPage).toBeGreaterThan(sizes.entry);
    expect(sizes.unitPage).toBeLessThanOrEqual(BUNDLE_BUDGETS.unitPage);
  });

  it('every sport plugin chunk stays within its budget', () => {
    expect(sizes.plugins).toHaveLength(sportFolders().length);
    for (const plugin of sizes.plugins)
      expect(plugin.chunk, plugin.code).toBeLessThanOrEqual(BUNDLE_BUDGETS.pluginChunk);
  });
});
