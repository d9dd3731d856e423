import { FormattedMessage } from '../../i18n/intl';
import { Link, useNavigate } from 'react-router';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
      <p>
        <Link to="/schedule/total">
          <FormattedMessage id="notFound.schedule" />
        </Link>{' '}
        ·{' '}
        <button type="button" className="link-button" onClick={() => navigate(-1)}>
          <FormattedMessage id="notFound.back" />
        </button>
      </p>
    </section>
  );
}
