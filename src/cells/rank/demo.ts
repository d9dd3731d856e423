import { defineCellDemo } from '../definition';

/** The place, once there are results (none for an invalid result). */
export default defineCellDemo({
  fill: 'value',
  result: true,
  value: ({ row }) => (row.results && !row.irm ? String(row.index + 1) : undefined),
});
