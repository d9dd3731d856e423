import { defineCellDemo } from '../definition';

/** The first three places of a result win the medals. */
export default defineCellDemo({
  fill: 'value',
  value: ({ row }) => (row.results && row.index < 3 ? ['GOLD', 'SILVER', 'BRONZE'][row.index] : undefined),
});
