import type { WidgetKind } from '../../core/sports/vocabulary';
import { WIDGETS } from '../../generated/widgets';
import type { WidgetComponent } from './definition';

/** A loading widget as React's `use` reads a promise: its status set once known, so a loaded one draws at once. */
type Tracked = Promise<WidgetComponent> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: WidgetComponent;
  reason?: unknown;
};

const loads = new Map<string, Tracked>();

export const isWidgetKind = (kind: string): kind is WidgetKind => Object.hasOwn(WIDGETS, kind);

/**
 * A widget's drawing, loaded once per page's life. A failed load is forgotten (the next page asks
 * again: a network that came back); the panel that asked shows the error in its place.
 */
export function loadWidget(kind: WidgetKind): Promise<WidgetComponent> {
  let load = loads.get(kind);
  if (load) return load;
  const tracked: Tracked = WIDGETS[kind].load().then((module) => module.default);
  tracked.status = 'pending';
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
      loads.delete(kind);
    },
  );
  loads.set(kind, (load = tracked));
  return load;
}

/**
 * Loads the widgets that will draw the given kinds, before they are drawn: with a page's data (a
 * loader), or before hydrating the page the server drew. Never fails: a widget that cannot load
 * fails in its panel, not the page.
 */
export async function preloadWidgets(kinds: Iterable<string>): Promise<void> {
  const wanted = [...new Set(kinds)].filter(isWidgetKind);
  await Promise.all(wanted.map((kind) => loadWidget(kind).catch(() => undefined)));
}

/** The widget kinds a page's data names (its sections' `widget`), wherever they sit in it. */
export function widgetKindsIn(data: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const item of data) widgetKindsIn(item, found);
  else if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    // A section: its widget, not its view (a view holds rows, not sections).
    if (typeof record.widget === 'string' && typeof record.id === 'string') found.add(record.widget);
    else for (const value of Object.values(record)) widgetKindsIn(value, found);
  }
  return found;
}
