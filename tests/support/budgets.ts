/** DESIGN section 7's budgets for what the browser loads (gzip bytes), shared by bench:web and the budget test. */
export const KB = 1024;
export const BUNDLE_BUDGETS = {
  entry: 130 * KB,
  unitPage: 170 * KB,
  pluginChunk: 5 * KB,
} as const;
