import { useEffect, useRef } from 'react';
import { FormattedMessage } from '../i18n/intl';
import { Link, useNavigate } from 'react-router';

/**
 * A report's PDF in a side panel, opened by a `?preview=` link so that it works without JavaScript
 * too: the server renders the panel open. A non-modal dialog, so the list stays readable beside it
 * on a wide screen; on a phone it covers the page. With JavaScript, Escape closes it and the focus
 * moves into it when it opens.
 */
export function ReportPreview({ title, file, closeHref }: { title: string; file: string; closeHref: string }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // Like a dialog: the focus moves in when it opens and back to what opened it when it closes.
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  useEffect(() => {
    heading.current?.focus();
  }, [file]);
  return (
    <dialog
      open
      className="report-preview"
      aria-labelledby="report-preview-title"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        void navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <div className="report-preview-bar">
        <h2 id="report-preview-title" tabIndex={-1} ref={heading}>
          {title}
        </h2>
        <Link to={closeHref} preventScrollReset className="report-preview-close">
          <FormattedMessage id="report.close" />
        </Link>
      </div>
      <iframe className="report-preview-frame" src={file} title={title} />
      <p className="report-preview-fallback">
        <FormattedMessage id="report.previewFallback" />{' '}
        <a href={file} download>
          <FormattedMessage id="report.download" />
        </a>
      </p>
    </dialog>
  );
}
