import type { Layout } from '../../core/sports/types';
import type { ViewContext } from '../../core/views/layout';
import type { WidgetView } from '../../core/views/types';
import { WIDGET_PROJECTIONS } from '../../generated/widgetProjections';

/**
 * The view a widget draws from a layout and its document, by the widget's own projection
 * (src/web/widgets/<kind>/project.ts). `undefined` for a widget drawn from something else (the report
 * list) or unknown (the page then shows its "unknown widget" panel).
 */
export function projectView(layout: Layout, document: unknown, context: ViewContext): WidgetView | undefined {
  const project = Object.hasOwn(WIDGET_PROJECTIONS, layout.widget) ? WIDGET_PROJECTIONS[layout.widget] : undefined;
  return project?.(layout, document, context);
}
