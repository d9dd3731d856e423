import { useEffect, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { fetchSearch, searchFailure, type SearchHit } from '../../search/hits';

interface SearchData {
  query: string;
}

export function loader({ request }: LoaderFunctionArgs): SearchData {
  return { query: (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 40) };
}

/** `/search?q=`: every hit of a query (where the header's box goes on Enter, and without JavaScript). */
export function Component() {
  const { query } = useLoaderData() as SearchData;
  const locale = useLocale();
  const intl = useIntl();
  const [result, setResult] = useState<{
    query: string;
    hits: SearchHit[];
    failed?: 'search.unavailable' | 'search.failed';
  }>();
  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    fetchSearch(query, locale, controller.signal).then(
      (hits) => setResult({ query, hits }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ query, hits: [], failed: searchFailure(error) });
      },
    );
    return () => controller.abort();
  }, [query, locale]);
  const current = result?.query === query ? result : undefined;
  return (
    <section aria-labelledby="search-title" className="search-page">
      <h1 id="search-title">
        <FormattedMessage id="search.title" />
      </h1>
      <form role="search" action="/search" method="get" className="filter-bar">
        <label>
          <FormattedMessage id="search.label" />
          <input type="search" name="q" defaultValue={query} maxLength={40} enterKeyHint="search" />
        </label>
        <button type="submit">{intl.formatMessage({ id: 'search.title' })}</button>
      </form>
      {query === '' ? null : !current ? (
        <p className="empty" aria-busy="true">
          <FormattedMessage id="search.searching" />
        </p>
      ) : current.hits.length === 0 ? (
        <p className="empty" role="status">
          <FormattedMessage id={current.failed ?? 'search.none'} />
        </p>
      ) : (
        <>
          <p role="status" className="muted">
            <FormattedMessage id="search.count" values={{ count: current.hits.length }} />
          </p>
          <ul className="search-results">
            {current.hits.map((hit) => (
              <li key={`${hit.kind}-${hit.code}`}>
                <span className="search-kind">
                  <FormattedMessage id={`search.kind.${hit.kind}`} />
                </span>{' '}
                <Link to={hit.href}>{hit.name}</Link>
                {hit.detail ? <small className="search-detail"> {hit.detail}</small> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
