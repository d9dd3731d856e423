import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/** A date (a record's, a birth date): the day of an ODF date-time. */
export default defineCell({
  sort: 'text',
  priority: 'secondary',
  project: (values) => {
    const value = scalars(values)[0];
    return value ? value.slice(0, 10) : EMPTY;
  },
});
