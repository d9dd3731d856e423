import type { ReactNode } from 'react';
import type { Layout } from '../../core/sports/types';
import type { ViewContext } from '../../core/views/layout';
import type { WidgetView } from '../../core/views/types';
import type { WidgetSection } from './section';

/** Whether a widget can draw a section's data (a widget name alone is not enough): its `accepts.ts`. */
export type WidgetAccepts = (section: WidgetSection) => boolean;

export interface WidgetProps {
  readonly section: WidgetSection;
}

/** What draws a section the widget accepts: its `widget.tsx`'s default export. */
export type WidgetComponent = (props: WidgetProps) => ReactNode;

/**
 * A widget of the site: one folder `src/web/widgets/<kind>/` with `accepts.ts` (small, always
 * loaded: the registry decides with it) and `widget.tsx` (loaded, as a chunk of its own, by a page
 * that draws one: a swimming page never loads the bracket). Codegen builds the widget kinds and
 * the registry from the folders (src/generated/widgets.tsx) and refuses a folder lacking either,
 * as ESLint finds a rule by its module, so a new widget is a new folder.
 */
export interface WidgetDefinition {
  readonly accepts: WidgetAccepts;
  readonly load: () => Promise<{ default: WidgetComponent }>;
}

/**
 * A widget's projection (`project.ts` in its folder, the default export): a layout applied to its
 * document, giving the compact view the widget draws. Pure and total: it never throws on a document
 * that is JSON. A widget drawn from something else (the report list) has none.
 */
export type WidgetProjection = (layout: Layout, document: unknown, context: ViewContext) => WidgetView;
