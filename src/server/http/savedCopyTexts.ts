import { BCP47, LOCALE_IDS, type LocaleId } from '../../web/i18n/locale';
import en_US from '../../web/i18n/messages/en_US.json';
import zh_CN from '../../web/i18n/messages/zh_CN.json';
import zh_HK from '../../web/i18n/messages/zh_HK.json';

/** The catalogues, imported (not read from src/ at run time): the build carries them. */
const CATALOGUES: Record<LocaleId, Record<string, string>> = { en_US, zh_CN, zh_HK };

/**
 * The saved-copy banner's text in each language, by the `<html lang>` a page carries, from the
 * site's message catalogues: the service worker writes it into a page it answers from its cache.
 */
export function savedCopyTexts(): Record<string, string> {
  return Object.fromEntries(LOCALE_IDS.map((locale) => [BCP47[locale], CATALOGUES[locale]['offline.savedAt'] ?? '']));
}
