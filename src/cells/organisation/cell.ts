import { DELEGATION_DISPLAY } from '../../core/sports/vocabulary';
import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/**
 * A delegation: by name where the locale shows names (the code is the link), by code where it shows
 * codes (the name is the title). A code without a name stays a code.
 */
export default defineCell({
  sort: 'text',
  priority: 'essential',
  delegation: true,
  project: (values, _row, context) => {
    const code = scalars(values)[0];
    if (!code) return EMPTY;
    const name = context.organisations?.[code];
    if (!name || name === code) return code;
    return DELEGATION_DISPLAY[context.locale] === 'name' ? { text: name, link: code } : { text: code, title: name };
  },
  // Found by its code as well as by its name in the page's language.
  find: (values, _row, context) => {
    const code = scalars(values)[0];
    return code ? [code, context.organisations?.[code] ?? ''] : [];
  },
});
