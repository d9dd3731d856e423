import { defineCellDemo } from '../definition';

/** A match side's score when the match has one, else points falling with the place. */
export default defineCellDemo({
  fill: 'value',
  result: true,
  value: ({ row, random }) =>
    row.score !== undefined
      ? String(row.score)
      : row.results
        ? (90 - row.index * 1.7 - random.next()).toFixed(3)
        : undefined,
});
