import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, type LocaleId } from '../i18n/locale';

export const LocaleContext = createContext<LocaleId>(DEFAULT_LOCALE);
export const useLocale = (): LocaleId => useContext(LocaleContext);
