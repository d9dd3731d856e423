/** A match's actions in order, grouped by period: a table view (the table's projection), accepted as one. */
export { default } from '../table/accepts';
