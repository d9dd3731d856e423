import { BCP47, DEFAULT_LOCALE, type LocaleId } from './locale';
import type { Catalogue } from './siteIntl';

/**
 * One lazy chunk per language: a page needs only its own (a language change loads a new page), so
 * the other two catalogues stay out of the entry.
 */
const LOADERS: Record<LocaleId, () => Promise<{ default: Catalogue }>> = {
  zh_CN: () => import('../../generated/messages/zh_CN'),
  zh_HK: () => import('../../generated/messages/zh_HK'),
  en_US: () => import('../../generated/messages/en_US'),
};

const loaded: Partial<Record<LocaleId, Catalogue>> = {};

/** Loads a language's precompiled messages (before rendering or hydrating a page in it). */
export async function loadCatalogue(locale: LocaleId): Promise<Catalogue> {
  loaded[locale] ??= (await LOADERS[locale]()).default;
  return loaded[locale];
}

/** The messages of a language loaded before; an empty catalogue (ids shown) if it was not. */
export const catalogue = (locale: LocaleId): Catalogue => loaded[locale] ?? {};

/** The language a server-rendered page was rendered in, from `<html lang>`. */
export function documentLocale(lang: string): LocaleId {
  const found = (Object.keys(BCP47) as LocaleId[]).find((id) => BCP47[id] === lang);
  return found ?? DEFAULT_LOCALE;
}
