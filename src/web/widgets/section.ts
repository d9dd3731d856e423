import type { MoreItem, WidgetView } from '../../core/views';
import type { ReportEntry } from '../data/reportList';

/**
 * One panel of a unit or sport page as its loader prepared it: the layout's widget, the view
 * projected from its document (or the reports of a report list), or why it could not be drawn.
 * Plain JSON: it travels in the hydration payload.
 */
export interface WidgetSection {
  readonly id: string;
  readonly title: string;
  readonly widget: string;
  readonly view?: WidgetView;
  readonly reports?: readonly ReportEntry[];
  readonly error?: string;
  /** The document's ResultStatus, when it has one. */
  readonly status?: string;
  /** The unit's feed values no layout shows (outside every row), under "More". */
  readonly more?: readonly MoreItem[];
}
