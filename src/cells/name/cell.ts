import { namesOf } from '../../core/views/names';
import { defineCell } from '../definition';
import { EMPTY, richCell, scalars } from '../values';

/**
 * A competitor, athlete or `Description` element by its name in the page's language (a pair joined
 * by ` / `), with the short form a phone shows and its code as the link of a single competitor.
 */
export default defineCell({
  sort: 'text',
  priority: 'essential',
  project: (values, row, context) => {
    const names = namesOf(values, context.locale, { directory: context.names, owner: row });
    if (names.length === 0) return scalars(values)[0] ?? EMPTY;
    const first = names[0]!;
    const text = names.map((n) => n.text).join(' / ');
    const short = names.map((n) => n.short).join(' / ');
    return richCell({
      text,
      ...(short !== text ? { short } : {}),
      ...(names.length === 1 && first.code ? { link: first.code } : {}),
    });
  },
});
