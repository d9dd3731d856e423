import { useEffect, type RefObject } from 'react';
import { EMBED_HEIGHT_MESSAGE } from './marks';

/**
 * Tells the page that frames the embed how tall it is (`{ type: EMBED_HEIGHT_MESSAGE, height }`,
 * read by the listener of the snippet, snippet.ts), at once and whenever the embed's size changes:
 * a live result that grows a table grows its frame. The height runs from the top of the document to
 * the embed's end, never the viewport's, so the frame's own height does not feed back into it. Any
 * page may hear it (`'*'`): a height is no secret.
 */
export function useReportHeight(embed: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = embed.current;
    if (!element || window.parent === window) return;
    let sent = -1;
    const send = () => {
      const height = Math.ceil(element.getBoundingClientRect().bottom + window.scrollY);
      if (height === sent) return;
      sent = height;
      window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
    };
    // Called once when observing starts, then on every change of the embed's size.
    const observer = new ResizeObserver(send);
    observer.observe(element);
    return () => observer.disconnect();
  }, [embed]);
}
