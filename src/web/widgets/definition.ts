import type { ReactNode } from 'react';
import type { Layout } from '../../core/sports/types';
import type { ViewContext } from '../../core/views/layout';
import type { WidgetView } from '../../core/views/types';
import type { WidgetSection } from './section';

/**
 * A widget of the site: one folder `src/web/widgets/<kind>/` whose `widget.tsx` exports this as its
 * default. Codegen builds the widget kinds and the registry from the folders (src/generated/widgets.ts),
 * as ESLint finds a rule by its module, so a new widget is a new folder.
 */
export interface WidgetDefinition {
  /** Whether this widget can draw the section's data (a widget name alone is not enough). */
  accepts(section: WidgetSection): boolean;
  render(section: WidgetSection): ReactNode;
}

/**
 * A widget's projection (`project.ts` in its folder, the default export): a layout applied to its
 * document, giving the compact view the widget draws. Pure and total: it never throws on a document
 * that is JSON. A widget drawn from something else (the report list) has none.
 */
export type WidgetProjection = (layout: Layout, document: unknown, context: ViewContext) => WidgetView;
