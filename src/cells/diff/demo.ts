import { defineCellDemo } from '../definition';

/** The gap behind the winner, none for the winner. */
export default defineCellDemo({
  fill: 'value',
  result: true,
  value: ({ row, base }) =>
    row.results && row.index > 0 && !row.irm ? `+${(base * row.index * 0.012).toFixed(2)}` : undefined,
});
