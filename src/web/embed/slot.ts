/**
 * The class of the empty element the shell draws below every page, where the service writes the
 * page's CSV download (downloads/csvLink.ts) and its Embed control (embed/control.ts) when it has
 * them: server HTML, no script of the page's. Alone in its module: the shell (in the entry) takes
 * only this name.
 */
export const EMBED_SLOT_CLASS = 'embed-slot';
