/**
 * Issue 17, item 2: a widget is one folder (src/web/widgets/<kind>/widget.tsx), and the kinds a
 * layout may name and the site's registry are generated from the folders (codegen/emit/widgets.ts),
 * as ESLint finds a rule by its module. Every widget is documented for the sport editors and drawn here.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { widgetFolders } from '../../codegen/emit/widgets';
import { ROOT } from '../../codegen/paths';
import type { ResolvedSport } from '../../src/core/sports/types';
import { WIDGET_KINDS } from '../../src/core/sports/vocabulary';
import { projectTable } from '../../src/web/widgets/table/project';
import englishCatalogue from '../../src/generated/messages/en_US';
import { WIDGETS } from '../../src/generated/widgets';
import { WIDGET_PROJECTIONS } from '../../src/generated/widgetProjections';
import { projectView } from '../../src/web/widgets/projectView';
import { IntlProvider } from '../../src/web/i18n/intl';
import { WidgetPanel } from '../../src/web/widgets/registry';
import { preloadWidgets } from '../../src/web/widgets/load';
import type { WidgetSection } from '../../src/web/widgets/section';

// Widgets are chunks of their own: loaded first, as a page's loader or hydration loads them.
beforeAll(() => preloadWidgets(WIDGET_KINDS));

const html = (section: WidgetSection) =>
  renderToString(
    <IntlProvider locale="en-US" messages={englishCatalogue}>
      <MemoryRouter>
        <WidgetPanel section={section} />
      </MemoryRouter>
    </IntlProvider>,
  );

const SPORT = { code: 'ZZZ', labels: { en_US: { period: 'Period', action: 'Action' } }, legend: [] };
const context = { sport: SPORT as unknown as ResolvedSport, locale: 'en_US' as const };
/** A play-by-play as DT_PLAY_BY_PLAY carries it (ODF Action elements, periods as groups). */
const playByPlayView = projectTable(
  {
    widget: 'playByPlay',
    document: 'DT_PLAY_BY_PLAY',
    rows: 'Competition.Actions.Action',
    groupBy: 'Period',
    columns: [{ id: 'action', label: 'action', path: 'Action', cell: 'text' }],
  },
  {
    Competition: [
      {
        Actions: [
          {
            Action: [
              { Period: 'Q1', Action: 'SHOT' },
              { Period: 'Q2', Action: 'FOUL' },
            ],
          },
        ],
      },
    ],
  },
  { sport: SPORT as unknown as ResolvedSport, locale: 'en_US' },
);

describe('widget folders', () => {
  it('are the widget kinds a layout may name, and the registry, in one list', () => {
    expect(widgetFolders()).toEqual([...WIDGET_KINDS]);
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_KINDS]);
  });

  it('are refused half-made: a folder with what it accepts and nothing to draw it (or the other way)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-widgets-'));
    try {
      for (const [name, part] of [
        ['whole', 'accepts.ts'],
        ['whole', 'widget.tsx'],
        ['half', 'accepts.ts'],
      ] as const) {
        mkdirSync(join(dir, name), { recursive: true });
        writeFileSync(join(dir, name, part), '');
      }
      expect(() => widgetFolders(dir)).toThrow('src/web/widgets/half/ lacks widget.tsx');
      rmSync(join(dir, 'half'), { recursive: true });
      expect(widgetFolders(dir)).toEqual(['whole']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are each documented in the sport editors\u2019 guide', () => {
    const guide = readFileSync(join(ROOT, 'sports/README.md'), 'utf8');
    const widgetLine = guide.split('\n').find((line) => line.startsWith('- `widget`:')) ?? '';
    for (const kind of WIDGET_KINDS) expect(widgetLine, kind).toContain(`\`${kind}\``);
  });

  it('each take only the data they draw', () => {
    for (const kind of WIDGET_KINDS) {
      expect(WIDGETS[kind].accepts({ id: 'x', title: 'x', widget: kind }), kind).toBe(false);
    }
  });

  it('draw a play-by-play in its periods and a report list, through the registry', () => {
    const actions = html({ id: 'pbp', title: 'Play by play', widget: 'playByPlay', view: playByPlayView });
    expect(actions).toContain('SHOT');
    expect(actions).toContain('FOUL');
    expect(html({ id: 'reports', title: 'Reports', widget: 'reportList', reports: [] })).toContain('No data yet');
  });

  it('project a layout through their own project.ts, into a view the widget itself accepts', () => {
    const projecting = WIDGET_KINDS.filter((kind) => existsSync(join(ROOT, 'src/web/widgets', kind, 'project.ts')));
    expect(Object.keys(WIDGET_PROJECTIONS).sort()).toEqual(projecting);
    expect(projecting).toEqual(['bracket', 'playByPlay', 'poolStanding', 'scoreboard', 'table']);
    for (const kind of projecting) {
      const layout = { widget: kind, document: 'DT_RESULT', rows: 'Competition.Result', columns: [] };
      // Two sides: a scoreboard draws a head-to-head unit only.
      const view = projectView(layout as never, { Competition: [{ Result: [{ Rank: '1' }, { Rank: '2' }] }] }, context);
      expect(view, kind).toBeDefined();
      expect(WIDGETS[kind].accepts({ id: 'x', title: 'x', widget: kind, ...(view ? { view } : {}) }), kind).toBe(true);
    }
    // The report list is drawn from the service's REPORT_LIST, not projected; an unknown widget has nothing.
    expect(projectView({ widget: 'reportList' } as never, {}, context)).toBeUndefined();
    expect(projectView({ widget: 'sparkline' } as never, {}, context)).toBeUndefined();
    expect(projectView({ widget: 'constructor' } as never, {}, context)).toBeUndefined();
  });
});
