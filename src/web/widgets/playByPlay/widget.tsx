/** A match's actions in order, grouped by period: a table view (src/core/views/table.ts), drawn as one. */
export { default } from '../table/widget';
