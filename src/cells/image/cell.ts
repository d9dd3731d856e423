import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/** An image's address (a photo finish, a target): only web links, so a feed cannot smuggle in a script URL. */
export default defineCell({
  sort: 'text',
  priority: 'secondary',
  project: (values) => {
    const value = scalars(values)[0];
    return value && /^(https?:\/\/|\/)/.test(value) ? value : EMPTY;
  },
});
