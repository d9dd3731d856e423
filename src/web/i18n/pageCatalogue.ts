import type { LocaleId } from '../../core/sports/vocabulary';
import { catalogue } from './catalogue';
import type { Catalogue } from './intl';

/**
 * The site's catalogue with a page's own messages (its chunk's: codegen/emit/messages.ts
 * PAGE_MESSAGES), one merged catalogue per language, kept: the intl object is kept by it.
 */
export function pageCatalogue(own: Readonly<Record<LocaleId, Catalogue>>): (locale: LocaleId) => Catalogue {
  const merged: Partial<Record<LocaleId, Catalogue>> = {};
  return (locale) => (merged[locale] ??= { ...catalogue(locale), ...own[locale] });
}
