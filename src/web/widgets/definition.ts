import type { ReactNode } from 'react';
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
