import { createElement, Suspense, use } from 'react';
import { FormattedMessage } from '../i18n/intl';
import type { WidgetKind } from '../../core/sports/vocabulary';
import { WIDGETS } from '../../generated/widgets';
import type { WidgetDefinition } from './definition';
import { loadWidget } from './load';
import { ErrorPanel, WidgetBoundary } from './WidgetBoundary';
import type { WidgetSection } from './section';
import { MoreList } from '../more/MoreList';

/**
 * The widgets by name, generated from their folders (src/web/widgets/<kind>/). A section is drawn by
 * its widget when that widget accepts its data; anything else gets the "unknown widget" panel,
 * never a crash.
 */
export function rendererFor(section: WidgetSection): WidgetDefinition | undefined {
  const renderer = Object.hasOwn(WIDGETS, section.widget) ? WIDGETS[section.widget as WidgetKind] : undefined;
  return renderer?.accepts(section) ? renderer : undefined;
}

/**
 * A section drawn by its widget's chunk: at once when loaded (the page's loader or hydration
 * loaded it, src/web/widgets/load.ts), else once it has come (the Suspense around waits).
 */
function LoadedWidget({ section }: { section: WidgetSection }) {
  // A module's default export, the same function for the page's life: not a component made in render.
  return createElement(use(loadWidget(section.widget as WidgetKind)), { section });
}

/** A section in its own panel: its error, its widget inside an error boundary, or the unknown panel. */
export function WidgetPanel({ section }: { section: WidgetSection }) {
  if (section.error) return <ErrorPanel message={section.error} />;
  const renderer = rendererFor(section);
  if (!renderer) {
    if (!section.view && !section.reports) {
      return (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      );
    }
    return (
      <div className="widget-unknown" role="note">
        <FormattedMessage id="widget.unknown" values={{ widget: section.widget }} />
      </div>
    );
  }
  // On the server a throwing widget leaves its Suspense fallback (the error panel) and the page
  // streams on; in the browser the boundary shows the error in the same place.
  return (
    <>
      <Suspense fallback={<ErrorPanel message={section.title} />}>
        <WidgetBoundary>
          <LoadedWidget section={section} />
        </WidgetBoundary>
      </Suspense>
      {section.more ? <MoreList items={section.more} unit /> : null}
    </>
  );
}

/** A unit's scoreboard above its tabs: drawn when its widget accepts it, else nothing (the tabs show all). */
export function ScoreboardPanel({ section }: { section: WidgetSection }) {
  const renderer = rendererFor(section);
  if (!renderer || section.error) return null;
  return (
    <Suspense fallback={null}>
      <WidgetBoundary>
        <LoadedWidget section={section} />
      </WidgetBoundary>
    </Suspense>
  );
}
