import { useState } from 'react';
import { FormattedMessage } from '../i18n/intl';
import { isFollowed, toggleFollowed, useFollowed, type FollowKind } from './followed';

/** Follows a delegation or an athlete: a toggle (aria-pressed), kept in this browser. */
export function FollowButton({ kind, code }: { kind: FollowKind; code: string }) {
  const followed = useFollowed();
  const on = isFollowed(followed, kind, code);
  const [notKept, setNotKept] = useState(false);
  return (
    <span className="follow">
      <button
        type="button"
        className="follow-button"
        aria-pressed={on}
        onClick={() => setNotKept(!toggleFollowed(kind, code))}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span>{' '}
        <FormattedMessage id={on ? 'follow.following' : 'follow.follow'} />
      </button>
      {notKept ? (
        <small role="status" className="follow-note">
          <FormattedMessage id="follow.notKept" />
        </small>
      ) : null}
    </span>
  );
}
