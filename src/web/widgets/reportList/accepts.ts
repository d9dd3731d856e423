import type { WidgetAccepts } from '../definition';

/** A report list: a section that carries reports (none is a list too). */
const accepts: WidgetAccepts = (s) => Array.isArray(s.reports);
export default accepts;
