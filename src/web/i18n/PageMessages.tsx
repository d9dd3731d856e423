import type { ComponentType, ReactNode } from 'react';
import type { LocaleId } from '../../core/sports/vocabulary';
import { useLocale } from '../app/locale';
import { catalogue } from './catalogue';
import { IntlProvider, type Catalogue } from './intl';
import { BCP47 } from './locale';

/**
 * The provider of a page's messages: the site's catalogue with the page's own (its chunk's,
 * codegen/emit/messages.ts PAGE_MESSAGES), one merged catalogue per language, kept (the intl
 * object is kept by it).
 */
export function pageMessages(own: Readonly<Record<LocaleId, Catalogue>>): ComponentType<{ children: ReactNode }> {
  const merged: Partial<Record<LocaleId, Catalogue>> = {};
  return function PageMessages({ children }) {
    const locale = useLocale();
    return (
      <IntlProvider locale={BCP47[locale]} messages={(merged[locale] ??= { ...catalogue(locale), ...own[locale] })}>
        {children}
      </IntlProvider>
    );
  };
}
