import type { WidgetDefinition } from '../definition';
import { BracketWidget } from './BracketWidget';

/** A knockout tree (DT_BRACKETS) projected by its project.ts. */
const bracket: WidgetDefinition = {
  accepts: (s) => s.view?.kind === 'bracket',
  render: (s) => (s.view?.kind === 'bracket' ? <BracketWidget view={s.view} /> : null),
};
export default bracket;
