import { defineCellReport } from '../definition';

/** Every part, in order. */
export default defineCellReport({
  weight: 1,
  text: (values) => values.filter((v) => typeof v === 'string').join(' '),
});
