import { defineCellDemo } from '../definition';
import { formatSeconds } from '../values';

/** The winner's time, each place a little slower. */
export default defineCellDemo({
  fill: 'value',
  result: true,
  value: ({ row, random, base }) =>
    row.results && !row.irm ? formatSeconds(base * (1 + row.index * 0.012 + random.next() * 0.004)) : undefined,
});
