import { HYDRATED_ATTRIBUTE } from './wake';
import { useEffect } from 'react';
import { IntlProvider } from '../i18n/intl';
import { Outlet, useRouteLoaderData } from 'react-router';
import { catalogue } from '../i18n/catalogue';
import { BCP47, DEFAULT_LOCALE, type LocaleId } from '../i18n/locale';
import { FloatingControl } from './FloatingControl';
import { OfflineNotice } from '../offline/OfflineNotice';
import { LocaleContext } from './locale';
import { RouteError } from '../pages/routeError';

export interface RootData {
  locale: LocaleId;
  /** The Hong Kong variant of the site, with its own title (a run-time setting of the service). */
  hongKong: boolean;
  /** Served on this machine: the header then has the language switch too (spec section 2). */
  localhost: boolean;
}

/** The root route's data, for any page below it (the shell's title, the chosen language). */
export const useRootData = (): RootData =>
  (useRouteLoaderData('root') as RootData | undefined) ?? { locale: DEFAULT_LOCALE, hongKong: false, localhost: false };

/**
 * What every page shares, with or without the shell: the language (catalogue and data variant)
 * and the floating control. The header and footer are the shell's (`Shell.tsx`); the mobile
 * schedule and the internal pages go without them.
 */
export function Root() {
  const { locale } = useRootData();
  // Marks the end of hydration on <html> (outside React's tree, so no mismatch): end-to-end tests
  // and monitoring wait for it instead of for an idle network, which revalidation never gives.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  }, []);
  return (
    <IntlProvider locale={BCP47[locale]} messages={catalogue(locale)}>
      <LocaleContext.Provider value={locale}>
        {/* First in the tab order: a keyboard user changes the language without crossing the page. */}
        <FloatingControl />
        <OfflineNotice />
        <Outlet />
      </LocaleContext.Provider>
    </IntlProvider>
  );
}

/**
 * The last resort when the page's frame itself failed: the page's own message in its language,
 * never the framework's developer screen with a stack trace.
 */
export function RootError() {
  const { locale } = useRootData();
  return (
    <IntlProvider locale={BCP47[locale]} messages={catalogue(locale)}>
      <main className="page">
        <RouteError />
      </main>
    </IntlProvider>
  );
}
