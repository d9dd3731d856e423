import { FormattedMessage } from '../i18n/intl';
import { Link } from 'react-router';

const MEDAL_PAGES = [
  ['ranking', 'medal.title'],
  ['medalists', 'delegation.medalists'],
] as const;

/** The two medal pages as tabs (spec section 2: /medal/ranking and /medal/medalists). */
export function MedalTabs({ current }: { current: (typeof MEDAL_PAGES)[number][0] }) {
  return (
    <nav className="tabs" aria-label="medals">
      {MEDAL_PAGES.map(([page, message]) => (
        <Link
          key={page}
          to={`/medal/${page}`}
          className={page === current ? 'active' : undefined}
          aria-current={page === current ? 'page' : undefined}
        >
          <FormattedMessage id={message} />
        </Link>
      ))}
    </nav>
  );
}
