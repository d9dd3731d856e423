import { Link, useLocation } from 'react-router';
import { FormattedMessage } from '../i18n/intl';

/** Top navigation in the spec's order (section 2), then the medal table; the result book is desktop only. */
export const NAVIGATION = [
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

/** A section is current for its own path and every path under it. */
export const isCurrentSection = (pathname: string, to: string): boolean =>
  pathname === to || pathname.startsWith(`${to}/`);

/**
 * The sections as a list of plain links, the current one marked (`aria-current`). Plain links on
 * purpose: the navigation has no menus, and every component hydrated in the header costs the phone
 * time before the page answers.
 */
export function NavigationEntries({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="nav-list">
      {NAVIGATION.map(([key, to]) => {
        const current = isCurrentSection(pathname, to);
        return (
          <li key={key} className={DESKTOP_ONLY.has(key) ? 'desktop-only' : undefined}>
            <Link
              to={to}
              className={current ? 'active' : undefined}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              <FormattedMessage id={`nav.${key}`} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
