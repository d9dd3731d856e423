import { FormattedMessage } from '../../i18n/intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../notFound';

/**
 * What a page shows when its data fails: the 404 page for what does not exist, else a clear message
 * in the page's own place; the header, navigation and footer stay.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className="route-error" role="alert">
      <h1>
        <FormattedMessage id="common.loadError" />
      </h1>
      {message ? <p>{message}</p> : null}
    </section>
  );
}
