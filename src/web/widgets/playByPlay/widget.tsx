import type { WidgetDefinition } from '../definition';
import { ResultTable } from '../table/ResultTable';

/** A match's actions in order, grouped by period: a table view (src/core/views/table.ts) drawn as one. */
const playByPlay: WidgetDefinition = {
  accepts: (s) => s.view?.kind === 'table',
  render: (s) => (s.view?.kind === 'table' ? <ResultTable view={s.view} label={s.title} /> : null),
};
export default playByPlay;
