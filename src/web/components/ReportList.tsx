import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { Link, useLocation } from 'react-router';
import { GAMES_UTC_OFFSET, gamesLocalTime } from '../../core/gamesTime';
import { reportFileIn } from '../../core/reportEditions';
import { disciplineOf } from '../../core/rsc';
import { useLocale } from '../app/locale';
import { pickText } from '../i18n/locale';
import { previewKey, withParams, type ReportEntry } from '../data/reportList';
import { PreviewLink } from './PreviewLink';
import { ReportPreview } from './ReportPreview';

const shortCode = (code: string) => code.replace(/-+$/, '');

/**
 * The report list of spec section 3 (doc type, name, event or unit, code, last update, version, PDF
 * preview), shared by /report and a sport's report tab. The row named by `?preview=` opens in the
 * preview panel; `fallbackPreview` is the loader's answer for one that is not among the rows shown.
 * Its PDFs are the page's language's edition (zh_HK pages: Hong Kong's).
 */
export function ReportList({
  entries,
  caption,
  fallbackPreview,
}: {
  entries: readonly ReportEntry[];
  caption?: ReactNode;
  fallbackPreview?: ReportEntry;
}) {
  const locale = useLocale();
  const intl = useIntl();
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get('preview');
  const preview =
    entries.find((e) => previewKey(e) === asked) ??
    (fallbackPreview && previewKey(fallbackPreview) === asked ? fallbackPreview : undefined);
  const opened = preview ? previewKey(preview) : undefined;

  const describe = (entry: ReportEntry) =>
    `${pickText(entry.typeName, locale)} · ${pickText(entry.subject, locale) || shortCode(entry.code)}`;
  return (
    <>
      <table className="data-table report-table">
        <caption>
          {caption}
          {caption ? ' · ' : null}
          <FormattedMessage id="common.timeZone" values={{ zone: `UTC${GAMES_UTC_OFFSET}` }} />
        </caption>
        <thead>
          <tr>
            <th scope="col" className="hide-narrow">
              <FormattedMessage id="report.docType" />
            </th>
            <th scope="col">
              <FormattedMessage id="report.name" />
            </th>
            <th scope="col">
              <FormattedMessage id="report.subject" />
            </th>
            <th scope="col" className="hide-narrow">
              <FormattedMessage id="report.code" />
            </th>
            <th scope="col" className="hide-narrow">
              <FormattedMessage id="report.updated" />
            </th>
            <th scope="col" className="hide-narrow">
              <FormattedMessage id="report.version" />
            </th>
            <th scope="col">
              <FormattedMessage id="report.pdf" />
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const key = previewKey(entry);
            const file = reportFileIn(entry.file, locale);
            const subject = pickText(entry.subject, locale) || shortCode(entry.code);
            const isUnit = entry.code !== disciplineOf(entry.code);
            return (
              <tr key={key} aria-current={key === opened ? 'true' : undefined}>
                <td className="hide-narrow">{entry.docType}</td>
                <th scope="row">{pickText(entry.typeName, locale) || entry.name}</th>
                <td>{isUnit ? <Link to={`/${entry.code}`}>{subject}</Link> : subject}</td>
                <td className="hide-narrow report-code">{shortCode(entry.code)}</td>
                <td className="hide-narrow report-time">{gamesLocalTime(entry.updatedAt)}</td>
                <td className="hide-narrow">v{entry.version}</td>
                <td className="report-actions">
                  <PreviewLink
                    file={file}
                    preview={withParams(location.pathname, location.search, { preview: key })}
                    label={intl.formatMessage({ id: 'report.previewLabel' }, { name: describe(entry) })}
                  >
                    <FormattedMessage id="report.preview" />
                  </PreviewLink>{' '}
                  <a
                    href={file}
                    download
                    aria-label={intl.formatMessage({ id: 'report.downloadLabel' }, { name: describe(entry) })}
                  >
                    <FormattedMessage id="report.download" />
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {preview ? (
        <ReportPreview
          title={describe(preview)}
          file={reportFileIn(preview.file, locale)}
          closeHref={withParams(location.pathname, location.search, { preview: undefined })}
        />
      ) : null}
    </>
  );
}
