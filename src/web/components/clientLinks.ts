import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A plain left click, not handled yet: one the app may take over (others open tabs, windows, menus). */
export const isPlainClick = (event: MouseEvent<HTMLElement>): boolean =>
  !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/**
 * A click handler for a container of many plain links (a schedule grid's cells, a field's names):
 * a plain left click on a link of this site navigates inside the app, as a react-router `Link`
 * would, without each link running a `Link`'s hooks while the page hydrates (hundreds of them made
 * a long task on a phone). Modified clicks, other targets, downloads and other sites keep the
 * browser's own behaviour; without JavaScript the links are ordinary links.
 */
export function useClientLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (!isPlainClick(event)) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    },
    [navigate],
  );
}
