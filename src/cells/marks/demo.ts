import { defineCellDemo } from '../definition';

/** The qualifiers of a result: the first two by place (Q), the rest by time (q). */
export default defineCellDemo({
  fill: 'value',
  value: ({ row }) => (row.results && row.qualified ? (row.index < 2 ? 'Q' : 'q') : undefined),
});
