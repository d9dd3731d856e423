import type { WidgetDefinition } from '../definition';
import { ResultTable } from './ResultTable';

/** A table of rows (results, start lists, statistics) projected by its project.ts. */
const table: WidgetDefinition = {
  accepts: (s) => s.view?.kind === 'table',
  render: (s) => (s.view?.kind === 'table' ? <ResultTable view={s.view} label={s.title} /> : null),
};
export default table;
