import { LOCALE_IDS, type LocaleId } from '../../core/sports/vocabulary';

export { LOCALE_IDS, type LocaleId };
/** The site starts in Simplified Chinese, whatever the browser says (spec section 1). */
export const DEFAULT_LOCALE: LocaleId = 'zh_CN';

/** Locale ids to the tags `Intl` and `<html lang>` use. */
export const BCP47: Record<LocaleId, string> = { zh_CN: 'zh-Hans-CN', zh_HK: 'zh-Hant-HK', en_US: 'en-US' };

export const isLocale = (value: string | null | undefined): value is LocaleId =>
  value !== null && value !== undefined && (LOCALE_IDS as readonly string[]).includes(value);

/** A data text in the variants the service sends: the one of the locale, else the nearest. */
export interface DataText {
  ENG?: string;
  CHI?: string;
  CHT?: string;
}
const ORDER: Record<LocaleId, (keyof DataText)[]> = {
  zh_CN: ['CHI', 'CHT', 'ENG'],
  zh_HK: ['CHT', 'CHI', 'ENG'],
  en_US: ['ENG', 'CHI', 'CHT'],
};
export function pickText(text: DataText | undefined, locale: LocaleId): string {
  if (!text) return '';
  for (const key of ORDER[locale]) if (text[key]) return text[key]!;
  return '';
}

/** The language a request asks for: `?lang=`, then the remembered choice (cookie), then zh_CN. */
export function requestLocale(url: URL, cookie: string | undefined): LocaleId {
  const asked = url.searchParams.get('lang');
  if (isLocale(asked)) return asked;
  const remembered = /(?:^|;\s*)podium-lang=([A-Za-z_]+)/.exec(cookie ?? '')?.[1];
  return isLocale(remembered) ? remembered : DEFAULT_LOCALE;
}
