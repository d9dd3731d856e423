import { readFileSync } from 'node:fs';
import { BCP47, LOCALE_IDS } from '../../web/i18n/locale';

/**
 * The saved-copy banner's text in each language, by the `<html lang>` a page carries, from the
 * site's message catalogues: the service worker writes it into a page it answers from its cache.
 */
export function savedCopyTexts(): Record<string, string> {
  return Object.fromEntries(
    LOCALE_IDS.map((locale) => {
      const file = new URL(`../../web/i18n/messages/${locale}.json`, import.meta.url);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      return [BCP47[locale], messages['offline.savedAt'] ?? ''];
    }),
  );
}
