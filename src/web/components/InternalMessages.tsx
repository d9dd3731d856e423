import type { ReactNode } from 'react';
import internalMessages from '../../generated/messages/internal';
import { useLocale } from '../app/locale';
import { IntlProvider } from '../i18n/intl';
import { BCP47 } from '../i18n/locale';
import { pageCatalogue } from '../i18n/pageCatalogue';

const messagesOf = pageCatalogue(internalMessages);

/**
 * The operators' pages (internal/medal, its import) with their own messages: out of the catalogue
 * every spectator's page loads before it hydrates.
 */
export function InternalMessages({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <IntlProvider locale={BCP47[locale]} messages={messagesOf(locale)}>
      {children}
    </IntlProvider>
  );
}
