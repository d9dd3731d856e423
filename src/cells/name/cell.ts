import { personFindTexts } from '../../core/views/find';
import { namesOf } from '../../core/views/names';
import { LOCALE_IDS } from '../../core/sports/vocabulary';
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
  // A reader finds a person by any of their names, in any language or in pinyin, whatever the page's.
  find: (values, row, context) =>
    LOCALE_IDS.flatMap((locale) =>
      namesOf(values, locale, { directory: context.names, owner: row }).flatMap((name) => [
        name.text,
        ...personFindTexts(context.names, name.code),
      ]),
    ),
});
