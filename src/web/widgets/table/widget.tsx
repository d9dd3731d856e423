import type { WidgetProps } from '../definition';
import { ResultTable } from './ResultTable';

/** A table of rows (results, start lists, statistics) projected by its project.ts. */
export default function TableWidget({ section: s }: WidgetProps) {
  return s.view?.kind === 'table' ? <ResultTable view={s.view} label={s.title} /> : null;
}
