/** A play-by-play is a table of actions grouped by period: the table's projection. */
export { default } from '../table/project';
