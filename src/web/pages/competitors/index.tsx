import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { RouteTabs } from '../../components/RouteTabs';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';
import {
  athleteOf,
  athleteSearchText,
  filterLines,
  listSearch,
  pageOf,
  pageWindow,
  personName,
  readQuery,
  teamOf,
  teamSearchText,
  type CompetitorLine,
  type CompetitorQuery,
  type ListedCompetitor,
} from '../../data/competitors';
import { GenderText } from '../../components/CompetitorParts';

type ListKind = 'individuals' | 'teams';

interface ListData {
  kind: ListKind;
  query: CompetitorQuery;
  /** Lines before the search: none at all says "no data", none left by the search "no results". */
  available: number;
  matching: number;
  pages: number;
  rows: ListedCompetitor[];
  delegations: string[];
  disciplines: string[];
  organisationNames: CodeLookup;
  disciplineNames: CodeLookup;
}

/** Codes in the order of their code table (the games' own order), then any the table lacks. */
const inTableOrder = (present: Set<string>, table: CodeLookup) => [
  ...Object.keys(table).filter((code) => present.has(code)),
  ...[...present].filter((code) => !(code in table)).sort(),
];

/**
 * The athletes (/competitor/individuals) or teams (/competitor/teams) of the games, searched by name,
 * delegation and sport (`?q=&org=&discipline=`), a page at a time (`?page=`): the whole list is read
 * and filtered here, and only the page shown goes to the component (and into the hydration data).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ListData> {
  const url = new URL(request.url);
  const kind: ListKind = url.pathname.endsWith('/teams') ? 'teams' : 'individuals';
  const query = readQuery(url.searchParams);
  const data = sourceFor(context, request);
  const [list, organisationNames, disciplineNames] = await Promise.all([
    data.document('COMPETITORS', kind === 'teams' ? 'TEAMS' : 'INDIVIDUALS'),
    codeLookup(data, 'organisation'),
    codeLookup(data, 'discipline'),
  ]);
  const lines: CompetitorLine[] = (list && ('teams' in list ? list.teams : list.athletes)) ?? [];
  const organisations = new Set<string>();
  const sports = new Set<string>();
  for (const line of lines) {
    if (line[1]) organisations.add(line[1]);
    for (const sport of line[3].split(' ')) if (sport) sports.add(sport);
  }
  const found =
    kind === 'teams'
      ? filterLines(lines as CompetitorLine[], query, teamSearchText)
      : filterLines(lines as CompetitorLine[], query, athleteSearchText);
  const { items, page, pages } = pageOf<CompetitorLine | CompetitorLine>(found, query.page);
  return {
    kind,
    query: { ...query, page },
    available: lines.length,
    matching: found.length,
    pages,
    rows: items.map((line) => (kind === 'teams' ? teamOf(line as CompetitorLine) : athleteOf(line as CompetitorLine))),
    delegations: inTableOrder(organisations, organisationNames),
    disciplines: inTableOrder(sports, disciplineNames),
    organisationNames,
    disciplineNames,
  };
}

function Pager({ kind, query, pages }: { kind: ListKind; query: CompetitorQuery; pages: number }) {
  const intl = useIntl();
  const link = (page: number) => `/competitor/${kind}${listSearch(query, page)}`;
  const { page } = query;
  return (
    <nav className="pager competitor-pager" aria-label={intl.formatMessage({ id: 'competitor.pages' })}>
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev">
          <FormattedMessage id="competitor.previous" />
        </Link>
      ) : null}
      <ol>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={link(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'competitor.goToPage' }, { page: n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={link(page + 1)} rel="next">
          <FormattedMessage id="competitor.next" />
        </Link>
      ) : null}
    </nav>
  );
}

export function Component() {
  const {
    kind,
    query,
    available,
    matching,
    pages,
    rows,
    delegations,
    disciplines,
    organisationNames,
    disciplineNames,
  } = useLoaderData() as ListData;
  const locale = useLocale();
  const intl = useIntl();
  const searched = Boolean(query.q || query.org || query.discipline);
  const sport = (code: string) => pickText(disciplineNames[code], locale) || code;
  const delegation = (code: string) => pickText(organisationNames[code], locale) || code;
  const tabs = (['individuals', 'teams'] as const).map((id) => ({
    id,
    to: `/competitor/${id}`,
    label: <FormattedMessage id={`competitor.${id}`} />,
  }));
  return (
    <section aria-labelledby="competitor-title" className="competitor-page">
      <h1 id="competitor-title">
        <FormattedMessage id="competitor.title" />
      </h1>
      <RouteTabs label={intl.formatMessage({ id: 'competitor.lists' })} tabs={tabs} current={kind}>
        {/* A plain GET form: the search works without JavaScript too, and stays in the link. Keyed by
            the query, so its fields show the search after a navigation. */}
        <Form
          key={listSearch(query, 1)}
          method="get"
          action={`/competitor/${kind}`}
          role="search"
          className="filter-bar competitor-search"
          aria-label={intl.formatMessage({ id: 'competitor.search' })}
        >
          <label>
            <span>
              <FormattedMessage id={kind === 'teams' ? 'competitor.teamName' : 'competitor.name'} />
            </span>
            <input
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={100}
              placeholder={intl.formatMessage({
                id: kind === 'teams' ? 'competitor.teamNamePlaceholder' : 'competitor.namePlaceholder',
              })}
            />
          </label>
          <label>
            <span>
              <FormattedMessage id="competitor.delegation" />
            </span>
            <select name="org" defaultValue={query.org}>
              <option value="">{intl.formatMessage({ id: 'competitor.allDelegations' })}</option>
              {delegations.map((code) => (
                <option key={code} value={code}>
                  {delegation(code)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>
              <FormattedMessage id="competitor.discipline" />
            </span>
            <select name="discipline" defaultValue={query.discipline}>
              <option value="">{intl.formatMessage({ id: 'competitor.allDisciplines' })}</option>
              {disciplines.map((code) => (
                <option key={code} value={code}>
                  {sport(code)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">
            <FormattedMessage id="competitor.submit" />
          </button>
          {searched ? (
            <Link to={`/competitor/${kind}`}>
              <FormattedMessage id="competitor.clear" />
            </Link>
          ) : null}
        </Form>
        {rows.length === 0 ? (
          <p className="empty" role="status">
            <FormattedMessage id={available > 0 && searched ? 'common.noSearchResults' : 'common.noData'} />
          </p>
        ) : (
          <>
            <table className="data-table competitor-table">
              <caption>
                <FormattedMessage
                  id={kind === 'teams' ? 'competitor.teamCount' : 'competitor.athleteCount'}
                  values={{ count: matching }}
                />
                {pages > 1 ? (
                  <>
                    {' · '}
                    <FormattedMessage id="competitor.page" values={{ page: query.page, pages }} />
                  </>
                ) : null}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id={kind === 'teams' ? 'competitor.teamName' : 'competitor.name'} />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="competitor.delegation" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="competitor.gender" />
                  </th>
                  <th scope="col" className="hide-narrow">
                    <FormattedMessage id="competitor.disciplines" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.code}>
                    <th scope="row">
                      <Link to={`/competitor/${encodeURIComponent(row.code)}`}>
                        {(row.names ? personName(row.names, locale) : pickText(row.name, locale)) || row.code}
                      </Link>
                      {/* On a phone the sports column gives way; the sports follow the name instead. */}
                      <small className="competitor-sports-inline">{row.disciplines.map(sport).join(' · ')}</small>
                    </th>
                    <td>
                      {row.organisation ? (
                        <Link to={`/delegation/${row.organisation}`}>{delegation(row.organisation)}</Link>
                      ) : null}
                    </td>
                    <td>
                      <GenderText gender={row.gender} team={kind === 'teams'} />
                    </td>
                    <td className="hide-narrow">{row.disciplines.map(sport).join(' · ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 ? <Pager kind={kind} query={query} pages={pages} /> : null}
          </>
        )}
      </RouteTabs>
    </section>
  );
}
