import { defineCellDemo } from '../definition';

export default defineCellDemo({
  fill: 'value',
  value: ({ row }) => (row.won === undefined ? undefined : row.won ? 'W' : 'L'),
});
