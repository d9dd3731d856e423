import { FormattedMessage, useIntl } from '../../i18n/intl';
import {
  Link,
  useLoaderData,
  useLocation,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { GAMES_UTC_OFFSET, gamesLocalTime } from '../../../core/gamesTime';
import { reportFileIn } from '../../../core/reportEditions';
import { PreviewLink } from '../../components/PreviewLink';
import { eventOf } from '../../../core/rsc';
import { useLocale } from '../../app/locale';
import { ReportPreview } from '../../components/ReportPreview';
import { onlyPreviewChanged, withParams, type ReportRow } from '../../data/reportList';
import { disciplineText, disciplineTree } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText, type DataText } from '../../i18n/locale';

/** The report type of a result book (ODF C95) and of the official results it compiles (C73). */
const RESULT_BOOK = 'C95';
const OFFICIAL_RESULTS = 'C73';

interface BookSummary {
  discipline: string;
  name: DataText;
  officialUnits: number;
  events: number;
  lastUpdate: string | undefined;
  /** The book's PDF at its standard address (the page links its language's edition); none before the sport's first official result. */
  file: string | undefined;
}

/**
 * Each sport's result book: its official results compiled in one PDF (served at the C95 report URL,
 * src/server/reports/resultBook.ts), with how many official units and events it holds so far.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<{ books: BookSummary[] }> {
  const data = sourceFor(context, request);
  const [tree, list] = await Promise.all([disciplineTree(data), data.document('REPORT_LIST', 'ALL')]);
  const official = new Map<string, ReportRow[]>();
  const books = new Map<string, ReportRow>();
  for (const row of list?.reports ?? []) {
    const discipline = row.code.slice(0, 3);
    if (row.docType === RESULT_BOOK) books.set(discipline, row);
    if (row.docType !== OFFICIAL_RESULTS) continue;
    const rows = official.get(discipline) ?? [];
    rows.push(row);
    official.set(discipline, rows);
  }
  return {
    books: tree.map((item): BookSummary => {
      const rows = official.get(item.Discipline) ?? [];
      const lastUpdate = rows.reduce<string | undefined>(
        (latest, r) => (latest && latest > r.updatedAt ? latest : r.updatedAt),
        undefined,
      );
      return {
        discipline: item.Discipline,
        name: disciplineText(item),
        officialUnits: rows.length,
        events: new Set(rows.map((r) => eventOf(r.code))).size,
        lastUpdate,
        file: books.get(item.Discipline)?.file,
      };
    }),
  };
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return onlyPreviewChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

export function Component() {
  const { books } = useLoaderData() as { books: BookSummary[] };
  const locale = useLocale();
  const intl = useIntl();
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get('preview');
  const previewed = books.find((b) => b.file && b.discipline === asked);
  const bookTitle = (book: BookSummary) =>
    `${pickText(book.name, locale) || book.discipline} · ${intl.formatMessage({ id: 'resultBook.book' })}`;
  return (
    <section aria-labelledby="result-book-title" className="result-book-page">
      <h1 id="result-book-title">
        <FormattedMessage id="resultBook.title" />
      </h1>
      <p className="page-intro">
        <FormattedMessage id="resultBook.intro" />
      </p>
      {books.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <table className="data-table result-book-table">
          <caption>
            <FormattedMessage id="common.timeZone" values={{ zone: `UTC${GAMES_UTC_OFFSET}` }} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="resultBook.discipline" />
              </th>
              <th scope="col">
                <FormattedMessage id="resultBook.units" />
              </th>
              <th scope="col" className="hide-narrow">
                <FormattedMessage id="resultBook.events" />
              </th>
              <th scope="col" className="hide-narrow">
                <FormattedMessage id="resultBook.updated" />
              </th>
              <th scope="col">
                <FormattedMessage id="resultBook.book" />
              </th>
            </tr>
          </thead>
          <tbody>
            {books.map((book) => (
              <tr key={book.discipline} aria-current={book === previewed ? 'true' : undefined}>
                <th scope="row">
                  <Link to={`/discipline/${book.discipline}/report`}>
                    {pickText(book.name, locale) || book.discipline}
                  </Link>
                </th>
                <td>{book.officialUnits}</td>
                <td className="hide-narrow">{book.events}</td>
                <td className="hide-narrow report-time">{book.lastUpdate ? gamesLocalTime(book.lastUpdate) : ''}</td>
                <td className="report-actions">
                  {book.file ? (
                    <>
                      <PreviewLink
                        file={reportFileIn(book.file, locale)}
                        preview={withParams(location.pathname, location.search, { preview: book.discipline })}
                        label={intl.formatMessage({ id: 'report.previewLabel' }, { name: bookTitle(book) })}
                      >
                        <FormattedMessage id="report.preview" />
                      </PreviewLink>{' '}
                      <a
                        href={reportFileIn(book.file, locale)}
                        download
                        aria-label={intl.formatMessage({ id: 'report.downloadLabel' }, { name: bookTitle(book) })}
                      >
                        <FormattedMessage id="report.download" />
                      </a>
                    </>
                  ) : (
                    <span className="muted">
                      <FormattedMessage id="resultBook.notYet" />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {previewed?.file ? (
        <ReportPreview
          title={bookTitle(previewed)}
          file={reportFileIn(previewed.file, locale)}
          closeHref={withParams(location.pathname, location.search, { preview: undefined })}
        />
      ) : null}
    </section>
  );
}
