import pageMessages from '../../../generated/messages/developers';
import { catalogue } from '../../i18n/catalogue';
import type { Catalogue } from '../../i18n/intl';
import type { LocaleId } from '../../i18n/locale';

/**
 * The site's catalogue with the developers' pages' own messages (their chunk's, codegen/emit/messages.ts),
 * one per language: the intl object is kept by it.
 */
const merged: Partial<Record<LocaleId, Catalogue>> = {};
export const developersMessages = (locale: LocaleId): Catalogue =>
  (merged[locale] ??= { ...catalogue(locale), ...pageMessages[locale] });
