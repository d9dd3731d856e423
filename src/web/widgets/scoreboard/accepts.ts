import type { WidgetAccepts } from '../definition';

/** A unit with two sides only: any other field has no scoreboard, and nothing is drawn. */
const accepts: WidgetAccepts = (s) => s.view?.kind === 'scoreboard' && s.view.sides.length === 2;
export default accepts;
