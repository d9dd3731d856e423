import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Form, Link, useLoaderData, useSubmit } from 'react-router';
import { ErrorPanel } from '../../widgets/WidgetBoundary';
import { WidgetPanel } from '../../widgets/registry';
import { sportPageLoader } from './data';

export const loader = sportPageLoader;

/** A sport-level page: brackets, pool standings, summaries, statistics, records ... of one sport. */
export function Component() {
  const { sport, page, title, takesEvent, events, event, sections, pluginError, menu } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const submit = useSubmit();
  return (
    <article className="sport-page">
      <nav aria-label={intl.formatMessage({ id: 'unit.breadcrumb' })} className="breadcrumb">
        <Link to={`/discipline/${sport.code}`}>{sport.name}</Link>
      </nav>
      <h1>{title}</h1>
      {menu.length > 1 ? (
        <nav className="sport-menu" aria-label={sport.name}>
          {menu.map((m) => (
            <Link
              key={m.page}
              to={`/${sport.code}/${m.page}${takesEvent && event ? `?event=${event}` : ''}`}
              aria-current={m.page === page ? 'page' : undefined}
            >
              {m.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {takesEvent && events.length > 0 ? (
        <Form method="get" className="filters" onChange={(e) => void submit(e.currentTarget)}>
          <label>
            <FormattedMessage id="unit.event" />{' '}
            <select name="event" defaultValue={event} key={event}>
              {events.map((e) => (
                <option key={e.code} value={e.code}>
                  {e.name}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit">
              <FormattedMessage id="common.show" />
            </button>
          </noscript>
        </Form>
      ) : null}
      {pluginError ? <ErrorPanel message={pluginError} /> : null}
      {sections.length === 0 && !pluginError ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : null}
      {sections.map((section) => (
        <section key={section.id} className="sport-section" aria-label={section.title}>
          {sections.length > 1 ? <h2>{section.title}</h2> : null}
          <WidgetPanel section={section} />
        </section>
      ))}
    </article>
  );
}
