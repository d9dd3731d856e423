import { Suspense, type ReactNode } from 'react';
import { FormattedMessage } from '../i18n/intl';
import type { WidgetKind } from '../../core/sports/vocabulary';
import { ReportList } from '../components/ReportList';
import { BracketWidget } from './BracketWidget';
import { PoolWidget } from './PoolWidget';
import { ResultTable } from './table/ResultTable';
import { ErrorPanel, WidgetBoundary } from './WidgetBoundary';
import type { WidgetSection } from './section';

interface Renderer {
  /** Whether this renderer can draw the section's data (a widget name alone is not enough). */
  accepts(section: WidgetSection): boolean;
  render(section: WidgetSection): ReactNode;
}

/**
 * The core's renderers by widget name. A section is drawn by the renderer of its widget when that
 * renderer accepts its data; anything else gets the "unknown widget" panel, never a crash.
 */
export const WIDGET_RENDERERS: Readonly<Record<WidgetKind, Renderer>> = {
  table: {
    accepts: (s) => s.view?.kind === 'table',
    render: (s) => (s.view?.kind === 'table' ? <ResultTable view={s.view} label={s.title} /> : null),
  },
  playByPlay: {
    accepts: (s) => s.view?.kind === 'table',
    render: (s) => (s.view?.kind === 'table' ? <ResultTable view={s.view} label={s.title} /> : null),
  },
  bracket: {
    accepts: (s) => s.view?.kind === 'bracket',
    render: (s) => (s.view?.kind === 'bracket' ? <BracketWidget view={s.view} /> : null),
  },
  poolStanding: {
    accepts: (s) => s.view?.kind === 'pool',
    render: (s) => (s.view?.kind === 'pool' ? <PoolWidget view={s.view} title={s.title} /> : null),
  },
  reportList: {
    accepts: (s) => Array.isArray(s.reports),
    render: (s) =>
      s.reports && s.reports.length > 0 ? (
        <ReportList entries={s.reports} />
      ) : (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ),
  },
};

export function rendererFor(section: WidgetSection): Renderer | undefined {
  const renderer = Object.hasOwn(WIDGET_RENDERERS, section.widget)
    ? WIDGET_RENDERERS[section.widget as WidgetKind]
    : undefined;
  return renderer?.accepts(section) ? renderer : undefined;
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
    <Suspense fallback={<ErrorPanel message={section.title} />}>
      <WidgetBoundary>{renderer.render(section)}</WidgetBoundary>
    </Suspense>
  );
}
