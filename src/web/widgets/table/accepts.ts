import type { WidgetAccepts } from '../definition';

/** A table of rows: a section whose view is a table. */
const accepts: WidgetAccepts = (s) => s.view?.kind === 'table';
export default accepts;
