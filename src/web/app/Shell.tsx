import { FormattedMessage } from 'react-intl';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { BCP47, LOCALE_IDS, type LocaleId } from '../i18n/locale';
import { useRootData } from './Root';

/** Top navigation in the spec's order (section 2); the result book is hidden on phones. */
const NAVIGATION = [
  ['schedule', '/schedule'],
  ['delegation', '/delegation'],
  ['discipline', '/discipline'],
  ['competitor', '/competitor'],
  ['final', '/final'],
  ['record', '/record'],
  ['report', '/report'],
  ['resultBook', '/resultBook'],
] as const;

const LANGUAGE_NAMES: Record<LocaleId, string> = { zh_CN: '简', zh_HK: '繁', en_US: 'EN' };

/** The header, navigation and footer around every public section page. */
export function Shell() {
  const { locale, hongKong } = useRootData();
  const location = useLocation();
  return (
    <>
      <header className="site-header">
        <Link to="/schedule/total" className="site-title">
          <FormattedMessage id={hongKong ? 'site.titleHongKong' : 'site.title'} />
        </Link>
        <nav aria-label="main" className="site-nav">
          <ul>
            {NAVIGATION.map(([key, to]) => (
              <li key={key} className={key === 'resultBook' ? 'desktop-only' : undefined}>
                <NavLink to={to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  <FormattedMessage id={`nav.${key}`} />
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/medal">
                <FormattedMessage id="nav.medal" />
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="languages" role="group" aria-label="Language">
          {LOCALE_IDS.map((id) => (
            <Link
              key={id}
              to={`${location.pathname}?lang=${id}`}
              lang={BCP47[id]}
              aria-current={id === locale ? 'true' : undefined}
              reloadDocument
            >
              {LANGUAGE_NAMES[id]}
            </Link>
          ))}
        </div>
      </header>
      <main className="site-main">
        <Outlet />
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
