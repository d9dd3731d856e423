import type { WidgetProps } from '../definition';
import { BracketWidget } from './BracketWidget';

/** A knockout tree (DT_BRACKETS) projected by its project.ts. */
export default function Bracket({ section: s }: WidgetProps) {
  return s.view?.kind === 'bracket' ? <BracketWidget view={s.view} /> : null;
}
