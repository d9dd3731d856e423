import type { ScheduleIndex } from '../../../schemas/api';
import { lazy, Suspense } from 'react';
import { SearchBox } from '../search/SearchBox';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { Link, Outlet, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { sourceFor } from '../data/source';
import { BCP47, LOCALE_IDS, type LocaleId } from '../i18n/locale';
import { NavigationEntries } from './Navigation';
import { LoadAllRowsContext, useLoadAllRows } from '../widgets/table/allRows';
import { useRootData } from './Root';
import { useLazyDialog } from '../components/lazyDialog';
import { LiveStatus } from '../live/LiveStatus';
import { useLive } from '../live/useLive';
import { EMBED_SLOT_CLASS } from '../embed/slot';

export const LANGUAGE_NAMES: Record<LocaleId, string> = { zh_CN: '简', zh_HK: '繁', en_US: 'EN' };

export interface ShellData {
  /** Competition days for the drawer's calendar. */
  days: ScheduleIndex['days'];
}

export async function shellLoader({ request, context }: LoaderFunctionArgs): Promise<ShellData> {
  // The header's list of days is a convenience: a failure to read it must not take the page down.
  // Not followed live: a unit's status changing the games' schedule must not refresh every page.
  const index = await sourceFor(context, request, { live: false })
    .document('SCHEDULE', 'ALL')
    .catch(() => undefined);
  return { days: (index?.days ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date)) };
}

/**
 * The language switch in the header, shown only on localhost (spec section 2); elsewhere the floating
 * control has it. Links: a language change loads the page anew in it (every text changes, data
 * included), with or without JavaScript.
 */
function LanguageLinks({ locale }: { locale: LocaleId }) {
  const { pathname } = useLocation();
  const intl = useIntl();
  return (
    <div role="group" className="languages" aria-label={intl.formatMessage({ id: 'language.label' })}>
      {LOCALE_IDS.map((id) => (
        <a
          key={id}
          href={`${pathname}?lang=${id}`}
          lang={BCP47[id]}
          hrefLang={BCP47[id]}
          className="language"
          aria-current={id === locale ? 'true' : undefined}
        >
          {LANGUAGE_NAMES[id]}
        </a>
      ))}
    </div>
  );
}

const loadDrawer = () => import('./DrawerDialog');
const DrawerDialog = lazy(loadDrawer);

/** The phone's menu button; the drawer itself is loaded on first use (hovering or focusing fetches it). */
function Drawer({ days }: ShellData) {
  const { open, setOpen, used, triggerProps } = useLazyDialog(loadDrawer);
  const intl = useIntl();
  return (
    <>
      <button
        type="button"
        className="drawer-button mobile-only"
        aria-label={intl.formatMessage({ id: 'nav.menu' })}
        {...triggerProps}
      >
        <span className="drawer-icon" aria-hidden="true" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <DrawerDialog days={days} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The embed slot's content: none in the browser (the server writes it, embed/control.ts). */
const SERVER_WRITES_IT = { __html: '' };

/** The header, navigation and footer around every public section page. */
export function Shell() {
  const { locale, hongKong, localhost } = useRootData();
  const { days } = useLoaderData() as ShellData;
  const intl = useIntl();
  const { pathname, search } = useLocation();
  // In the browser the page's loader reads whole documents: re-running it completes a table that
  // the server's page carried the first rows of.
  const loadAllRows = useLoadAllRows();
  const live = useLive();
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
        <nav className="site-nav desktop-nav" aria-label={intl.formatMessage({ id: 'nav.main' })}>
          <NavigationEntries />
        </nav>
        <div className="site-tools">
          <SearchBox />
          <Link to="/follow" className="follow-link">
            <span aria-hidden="true">★</span> <FormattedMessage id="nav.follow" />
          </Link>
        </div>
        {localhost ? <LanguageLinks locale={locale} /> : null}
      </header>
      <main className="site-main" id="main">
        <LiveStatus live={live} />
        {/* Its own boundary: React hydrates the page in pieces, yielding between them. */}
        <Suspense fallback={null}>
          <LoadAllRowsContext value={loadAllRows}>
            <Outlet />
          </LoadAllRowsContext>
        </Suspense>
        {/* The page's CSV download and Embed control, when it has them: HTML the server wrote, which
            React leaves as it is; another address (the key: a page, a tab, an order) starts it
            empty, as the server did not write it for that one. */}
        <div
          key={pathname + search}
          className={EMBED_SLOT_CLASS}
          dangerouslySetInnerHTML={SERVER_WRITES_IT}
          suppressHydrationWarning
        />
      </main>
      <footer className="site-footer">
        <p>
          <FormattedMessage id="footer.organiser" /> ·{' '}
          <Link to="/developers">
            <FormattedMessage id="footer.developers" />
          </Link>
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
