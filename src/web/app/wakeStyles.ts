/**
 * The site's whole stylesheet, linked when the page wakes: the server inlines only the page's share
 * of it (pageStyles.ts), and what scripts draw later (a dialog, a sorted column, another page after a
 * client-side navigation) needs the rest. Its URLs are an attribute of the boot script, beside the
 * scripts to load.
 */
export const WAKE_STYLES_ATTRIBUTE = 'data-styles';

/** Links each stylesheet the page names, once; resolves when they have loaded or failed (never blocks waking). */
export function linkWakeStyles(doc: Document): Promise<void> {
  const hrefs = (doc.querySelector(`script[${WAKE_STYLES_ATTRIBUTE}]`)?.getAttribute(WAKE_STYLES_ATTRIBUTE) ?? '')
    .split(' ')
    .filter(Boolean);
  const linked = new Set([...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
  return Promise.all(
    hrefs
      .filter((href) => !linked.has(href))
      .map(
        (href) =>
          new Promise<void>((resolve) => {
            const link = doc.createElement('link');
            link.rel = 'stylesheet';
            link.href = href;
            link.onload = link.onerror = () => resolve();
            doc.head.append(link);
          }),
      ),
  ).then(() => undefined);
}
