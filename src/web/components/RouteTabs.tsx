import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface RouteTab {
  id: string;
  to: string;
  label: ReactNode;
}

/** Where an arrow, Home or End key moves the focus among `count` tabs, from `index`. */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * Tabs whose every tab is a deep link (a page's tabs are routes), with the WAI-ARIA tabs pattern:
 * one tab in the tab order, arrow keys (and Home, End) move between tabs, Enter opens one (manual
 * activation: opening a tab loads a page). Written here rather than taken from a component library:
 * a list of links needs no state, and its hydration costs the phone nothing. Only the current tab's
 * panel has content; the others are empty and hidden, so every tab's `aria-controls` points at a panel.
 */
export function RouteTabs({
  label,
  tabs,
  current,
  children,
}: {
  label: string;
  tabs: readonly RouteTab[];
  current: string;
  children: ReactNode;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
    const index = links.findIndex((link) => link === document.activeElement);
    const target = index === -1 ? undefined : tabKeyTarget(event.key, index, links.length);
    if (target === undefined) return;
    event.preventDefault();
    links[target]?.focus();
  };
  return (
    <div className="route-tabs">
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <Link
              key={tab.id}
              to={tab.to}
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'active' : undefined}
              data-state={selected ? 'active' : 'inactive'}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.id === current;
        return (
          <div
            key={tab.id}
            role="tabpanel"
            id={`${id}-panel-${tab.id}`}
            aria-labelledby={`${id}-tab-${tab.id}`}
            hidden={!selected}
            tabIndex={selected ? 0 : -1}
            className="tab-panel"
            data-state={selected ? 'active' : 'inactive'}
          >
            {selected ? children : null}
          </div>
        );
      })}
    </div>
  );
}
