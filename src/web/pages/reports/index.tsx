import { FormattedMessage, useIntl } from '../../i18n/intl';
import {
  Form,
  Link,
  useLoaderData,
  useLocation,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { padRsc } from '../../../core/rsc';
import { useLocale } from '../../app/locale';
import { ReportList } from '../../components/ReportList';
import { findReport, pageOfGames, pageOfList } from '../../data/reportPages';
import { describeReports, onlyPreviewChanged, previewKey, withParams, type ReportEntry } from '../../data/reportList';
import { disciplineText, disciplineTree } from '../../data/codes';
import { codeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText, type DataText } from '../../i18n/locale';

interface ReportsData {
  discipline: string;
  type: string;
  disciplines: { code: string; name: DataText }[];
  types: { code: string; name: DataText }[];
  entries: ReportEntry[];
  /** Reports before filtering: none at all says "no data", none left by the filters "no results". */
  available: number;
  matching: number;
  page: number;
  pages: number;
  preview: ReportEntry | undefined;
}

/** Every report of the games, filtered by sport (`?discipline=`) and type (`?type=`), a page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ReportsData> {
  const data = sourceFor(context, request);
  const params = new URL(request.url).searchParams;
  const [tree, typeNames] = await Promise.all([disciplineTree(data), codeLookup(data, 'reportType')]);
  // Unknown filter values are ignored rather than failing the page: the form offers only known ones.
  const discipline = tree.find((item) => item.Discipline === params.get('discipline'))?.Discipline ?? '';
  const type = Object.hasOwn(typeNames, params.get('type') ?? '') ? params.get('type')! : '';
  const asked = Number(params.get('page'));
  // A sport's own list is read whole; the games' list a page at a time, from the disciplines it shows.
  const listed = discipline
    ? pageOfList((await data.document('REPORT_LIST', padRsc(discipline)))?.reports ?? [], type, asked)
    : await pageOfGames(data, type, asked);
  const { available, matching, page, pages, shown } = listed;
  const preview = params.get('preview');
  // A report asked for on another page of the list is previewed too (a link kept from another page).
  const previewed =
    preview && !shown.some((r) => previewKey(r) === preview)
      ? await findReport(data, preview, { type, discipline })
      : undefined;
  const [entries, extra] = await Promise.all([
    describeReports(data, shown, { types: typeNames, tree }),
    describeReports(data, previewed ? [previewed] : [], { types: typeNames, tree }),
  ]);
  return {
    discipline,
    type,
    disciplines: tree.map((item) => ({ code: item.Discipline, name: disciplineText(item) })),
    types: Object.entries(typeNames).map(([code, name]) => ({ code, name })),
    entries,
    available,
    matching,
    page,
    pages,
    preview: extra[0],
  };
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyPreviewChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

export function Component() {
  const { discipline, type, disciplines, types, entries, available, matching, page, pages, preview } =
    useLoaderData() as ReportsData;
  const locale = useLocale();
  const intl = useIntl();
  const location = useLocation();
  const filtered = Boolean(discipline || type);
  const pageLink = (to: number) =>
    withParams(location.pathname, location.search, { page: String(to), preview: undefined });
  return (
    <section aria-labelledby="report-title" className="report-page">
      <h1 id="report-title">
        <FormattedMessage id="report.title" />
      </h1>
      {/* A plain GET form: it filters without JavaScript too, and the filters stay in the link. */}
      <Form
        method="get"
        action="/report"
        className="filter-bar"
        aria-label={intl.formatMessage({ id: 'report.filters' })}
      >
        <label>
          <span>
            <FormattedMessage id="report.discipline" />
          </span>
          <select name="discipline" defaultValue={discipline}>
            <option value="">{intl.formatMessage({ id: 'report.allDisciplines' })}</option>
            {disciplines.map((d) => (
              <option key={d.code} value={d.code}>
                {pickText(d.name, locale) || d.code}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>
            <FormattedMessage id="report.type" />
          </span>
          <select name="type" defaultValue={type}>
            <option value="">{intl.formatMessage({ id: 'report.allTypes' })}</option>
            {types.map((t) => (
              <option key={t.code} value={t.code}>
                {t.code} {pickText(t.name, locale)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">
          <FormattedMessage id="report.apply" />
        </button>
        {filtered ? (
          <Link to="/report">
            <FormattedMessage id="report.reset" />
          </Link>
        ) : null}
      </Form>
      {entries.length === 0 ? (
        <p className="empty">
          <FormattedMessage id={available > 0 && filtered ? 'common.noSearchResults' : 'common.noData'} />
        </p>
      ) : (
        <ReportList
          entries={entries}
          fallbackPreview={preview}
          caption={
            <>
              <FormattedMessage id="report.count" values={{ count: matching }} />
              {pages > 1 ? (
                <>
                  {' · '}
                  <FormattedMessage id="report.page" values={{ page, pages }} />
                </>
              ) : null}
            </>
          }
        />
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={intl.formatMessage({ id: 'report.pages' })}>
          {page > 1 ? (
            <Link to={pageLink(page - 1)} rel="prev">
              <FormattedMessage id="report.previous" />
            </Link>
          ) : null}
          <span aria-current="page">
            <FormattedMessage id="report.page" values={{ page, pages }} />
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} rel="next">
              <FormattedMessage id="report.next" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
