import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/**
 * A code the feed sends (an official's or coach's Function: `REFEREE`, `J1`), shown by its label
 * `code.<value>` in the sport's or the shared labels, else as the feed gives it.
 */
export default defineCell({
  sort: 'text',
  priority: 'secondary',
  project: (values, _row, context) => {
    const value = scalars(values)[0];
    if (value === undefined || value === '') return EMPTY;
    return context.sport?.labels[context.locale]?.[`code.${value}`] ?? value;
  },
});
