import type { WidgetAccepts } from '../definition';

/** A pool's standings: a section whose view is a pool. */
const accepts: WidgetAccepts = (s) => s.view?.kind === 'pool';
export default accepts;
