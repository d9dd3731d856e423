import { defineCellDemo } from '../definition';

/** A day of the games. */
export default defineCellDemo({
  fill: 'value',
  value: ({ row }) => `2025-11-${String(9 + (row.index % 8)).padStart(2, '0')}`,
});
