import { Suspense, useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { Link, Outlet, useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Dialog, NavigationMenu, ToggleGroup } from 'radix-ui';
import { sourceFor } from '../data/source';
import { BCP47, LOCALE_IDS, isLocale, type LocaleId } from '../i18n/locale';
import { LoadAllRowsContext } from '../widgets/table/allRows';
import { useRootData } from './Root';

/** Top navigation in the spec's order (section 2), then the medal table; the result book is desktop only. */
const NAVIGATION = [
  ['schedule', '/schedule'],
  ['delegation', '/delegation'],
  ['discipline', '/discipline'],
  ['competitor', '/competitor'],
  ['final', '/final'],
  ['record', '/record'],
  ['report', '/report'],
  ['resultBook', '/resultBook'],
  ['medal', '/medal'],
] as const;
const DESKTOP_ONLY: ReadonlySet<string> = new Set(['resultBook']);

export const LANGUAGE_NAMES: Record<LocaleId, string> = { zh_CN: '简', zh_HK: '繁', en_US: 'EN' };

export interface ShellData {
  /** Competition days for the drawer's calendar. */
  days: { date: string; units: number; medalUnits: number }[];
}

export async function shellLoader({ request, context }: LoaderFunctionArgs): Promise<ShellData> {
  const index = await sourceFor(context, request).document<ShellData>('SCHEDULE', 'ALL');
  return { days: (index?.days ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date)) };
}

/** A section is current for its own path and every path under it. */
export const isCurrentSection = (pathname: string, to: string): boolean =>
  pathname === to || pathname.startsWith(`${to}/`);

function NavigationEntries({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <NavigationMenu.List className="nav-list">
      {NAVIGATION.map(([key, to]) => {
        const current = isCurrentSection(pathname, to);
        return (
          <NavigationMenu.Item key={key} className={DESKTOP_ONLY.has(key) ? 'desktop-only' : undefined}>
            {/* radix marks the current link (aria-current="page", data-active); the class styles it. */}
            <NavigationMenu.Link asChild active={current}>
              <Link to={to} className={current ? 'active' : undefined} onClick={onNavigate}>
                <FormattedMessage id={`nav.${key}`} />
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        );
      })}
    </NavigationMenu.List>
  );
}

/** The language switch in the header, shown only on localhost (spec section 2); elsewhere the floating control has it. */
function LanguageToggle({ locale }: { locale: LocaleId }) {
  const location = useLocation();
  const intl = useIntl();
  return (
    <ToggleGroup.Root
      type="single"
      value={locale}
      className="languages"
      aria-label={intl.formatMessage({ id: 'language.label' })}
      onValueChange={(value) => {
        // Every text of the page changes, data included: a new document in the chosen language.
        if (isLocale(value) && value !== locale) window.location.assign(`${location.pathname}?lang=${value}`);
      }}
    >
      {LOCALE_IDS.map((id) => (
        <ToggleGroup.Item key={id} value={id} lang={BCP47[id]} className="language">
          {LANGUAGE_NAMES[id]}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

/** The phone's side drawer: the navigation plus the schedule calendar (spec section 2). */
function Drawer({ days }: ShellData) {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="drawer-button mobile-only" aria-label={intl.formatMessage({ id: 'nav.menu' })}>
        <span aria-hidden="true">☰</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <Dialog.Title className="drawer-title">
            <FormattedMessage id="nav.menu" />
          </Dialog.Title>
          <NavigationMenu.Root
            orientation="vertical"
            className="drawer-nav"
            aria-label={intl.formatMessage({ id: 'nav.main' })}
          >
            <NavigationEntries onNavigate={close} />
          </NavigationMenu.Root>
          <h2 className="drawer-heading">
            <Link to="/scheduleMobile" onClick={close}>
              <FormattedMessage id="nav.calendar" />
            </Link>
          </h2>
          <ul className="drawer-calendar">
            {days.map((day) => (
              <li key={day.date}>
                <Link to={`/schedule/daily?date=${day.date}`} onClick={close}>
                  <span>{day.date.slice(5).replace('-', '/')}</span>
                  {day.medalUnits > 0 ? (
                    <small>
                      <FormattedMessage id="nav.medalEvents" values={{ count: day.medalUnits }} />
                    </small>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          <Dialog.Close className="drawer-close" aria-label={intl.formatMessage({ id: 'nav.close' })}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The header, navigation and footer around every public section page. */
export function Shell() {
  const { locale, hongKong, localhost } = useRootData();
  const { days } = useLoaderData() as ShellData;
  const intl = useIntl();
  // In the browser the page's loader reads whole documents: re-running it completes a table that
  // the server's page carried the first rows of.
  const revalidator = useRevalidator();
  const loadAllRows = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return (
    <>
      <a className="skip-link" href="#main">
        <FormattedMessage id="nav.skip" />
      </a>
      <header className="site-header">
        <Drawer days={days} />
        <Link to="/schedule/total" className="site-title">
          <FormattedMessage id={hongKong ? 'site.titleHongKong' : 'site.title'} />
        </Link>
        <NavigationMenu.Root className="site-nav desktop-nav" aria-label={intl.formatMessage({ id: 'nav.main' })}>
          <NavigationEntries />
        </NavigationMenu.Root>
        {localhost ? <LanguageToggle locale={locale} /> : null}
      </header>
      <main className="site-main" id="main">
        {/* Its own boundary: React hydrates the page in pieces, yielding between them. */}
        <Suspense fallback={null}>
          <LoadAllRowsContext value={loadAllRows}>
            <Outlet />
          </LoadAllRowsContext>
        </Suspense>
      </main>
      <footer className="site-footer">
        <p>
          <FormattedMessage id="footer.organiser" />
        </p>
        <p>
          <a href="https://beian.miit.gov.cn/" rel="noreferrer">
            <FormattedMessage id="footer.filing" values={{ number: '粤ICP备2025000015号' }} />
          </a>{' '}
          ·{' '}
          <a href="https://www.beian.gov.cn/" rel="noreferrer">
            <FormattedMessage id="footer.filing" values={{ number: '粤公网安备44010602000015号' }} />
          </a>
        </p>
      </footer>
    </>
  );
}
