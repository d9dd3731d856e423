import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { Link } from 'react-router';

export interface RouteTab {
  id: string;
  to: string;
  label: ReactNode;
}

/**
 * Tabs whose every tab is a deep link (a page's tabs are routes): radix-ui's tabs give the keyboard
 * behaviour and roles (arrow keys move between tabs, Enter opens one), the router does the rest.
 * Only the current tab's panel has content; the others are empty and hidden, so every tab's
 * `aria-controls` points at a panel.
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
  return (
    <Tabs.Root value={current} activationMode="manual" className="route-tabs">
      <Tabs.List aria-label={label} className="tabs">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} asChild>
            <Link to={tab.to} className={tab.id === current ? 'active' : undefined}>
              {tab.label}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.id} value={tab.id} className="tab-panel">
          {tab.id === current ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
