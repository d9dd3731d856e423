import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteTabs, tabKeyTarget } from '../../src/web/components/RouteTabs';

describe('route tabs', () => {
  it('move the focus with the arrow keys (wrapping), Home and End, and ignore other keys', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Enter', 1, 3)).toBeUndefined();
    expect(tabKeyTarget('a', 1, 3)).toBeUndefined();
  });

  it('are links with the tabs roles: one tab in the tab order, the current panel drawn, the others hidden', () => {
    const tabs = [
      { id: 'startlist', to: '/X?tab=startlist', label: 'Start list' },
      { id: 'result', to: '/X?tab=result', label: 'Results' },
    ];
    const router = createMemoryRouter(
      [
        {
          path: '/X',
          element: (
            <RouteTabs label="Tabs" tabs={tabs} current="result">
              <p>the results</p>
            </RouteTabs>
          ),
        },
      ],
      { initialEntries: ['/X'] },
    );
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toMatch(/role="tablist" aria-label="Tabs"/);
    const tab = (id: string) => new RegExp(`<a[^>]*href="/X\\?tab=${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(tab('result')).toContain('aria-selected="true"');
    expect(tab('result')).toContain('tabindex="0"');
    expect(tab('startlist')).toContain('aria-selected="false"');
    expect(tab('startlist')).toContain('tabindex="-1"');
    const controls = /aria-controls="([^"]+)"/.exec(tab('startlist'))![1]!;
    expect(html).toMatch(new RegExp(`<div role="tabpanel" id="${controls}"[^>]*hidden=""`));
    expect(html).toMatch(/<div role="tabpanel"[^>]*data-state="active"><p>the results<\/p><\/div>/);
  });
});
