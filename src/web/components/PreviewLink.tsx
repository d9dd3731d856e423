import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isPlainClick } from './clientLinks';

/**
 * A report's "Preview": in the app a plain click opens the preview panel in place (`preview`, the
 * list's `?preview=` address, without reloading its data). Its own address is the PDF: a reader
 * without scripts, another tab and the export's crawl get the report itself, not a copy of the
 * whole list around a panel (a page per report, three per report with the sport's and the unit's
 * lists: a fifth of the mirror's pages, and a hundred pages rendered again per changed report).
 */
export function PreviewLink({
  file,
  preview,
  label,
  children,
}: {
  file: string;
  preview: string;
  label: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={file}
      aria-label={label}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate(preview, { preventScrollReset: true });
      }}
    >
      {children}
    </a>
  );
}
