import { defineCellDemo } from '../definition';

/** A count: filled in a start list too (games played, a seed), from the place once there are results. */
export default defineCellDemo({
  fill: 'value',
  inStartList: true,
  value: ({ row, random }) =>
    String(row.results ? Math.max(0, Math.round(20 - row.index + random.next() * 6)) : random.int(1, 40)),
});
