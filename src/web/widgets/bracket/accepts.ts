import type { WidgetAccepts } from '../definition';

/** A knockout tree: a section whose view is a bracket. */
const accepts: WidgetAccepts = (s) => s.view?.kind === 'bracket';
export default accepts;
