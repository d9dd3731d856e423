import { renderToString } from 'react-dom/server';
import { IntlProvider } from '../../src/web/i18n/intl';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import type { ViewContext } from '../../src/core/views';
import { projectBracket } from '../../src/web/widgets/bracket/project';
import { projectPool } from '../../src/web/widgets/poolStanding/project';
import { projectTable } from '../../src/web/widgets/table/project';
import en_US from '../../src/web/i18n/messages/en_US.json';
import englishCatalogue from '../../src/generated/messages/en_US';
import { BracketWidget } from '../../src/web/widgets/bracket/BracketWidget';
import { PoolWidget } from '../../src/web/widgets/poolStanding/PoolWidget';
import { rendererFor, WidgetPanel } from '../../src/web/widgets/registry';
import { preloadWidgets } from '../../src/web/widgets/load';
import { WIDGET_KINDS } from '../../src/core/sports/vocabulary';
import { changedRows } from '../../src/web/widgets/table/changes';
import { ResultTable } from '../../src/web/widgets/table/ResultTable';
import type { WidgetSection } from '../../src/web/widgets/section';

// Widgets are chunks of their own: loaded first, as a page's loader or hydration loads them.
beforeAll(() => preloadWidgets(WIDGET_KINDS));

/** A hand-made sport: enough of a plugin for the widgets, none of a real sport's. */
const SPORT = {
  code: 'TST',
  name: { zh_CN: '测试', zh_HK: '測試', en_US: 'Test' },
  unitTabs: ['result'],
  pages: {},
  menu: {},
  legend: [
    {
      title: 'DNS',
      code: 'DNS',
      key: 'IRM',
      module: ['result'],
      entity: '@IRM',
      description: { zh_CN: '未出发', zh_HK: '未出發', en_US: 'Did not start' },
    },
    {
      title: 'DSQ',
      code: 'DSQ',
      key: 'IRM',
      module: ['result'],
      entity: '@IRM',
      description: { zh_CN: '取消资格', zh_HK: '取消資格', en_US: 'Disqualified' },
    },
    {
      title: 'Q',
      code: 'Q',
      key: 'QualificationMark',
      module: ['result', 'pool'],
      entity: '@QualificationMark',
      description: { zh_CN: '晋级', zh_HK: '晉級', en_US: 'Qualified' },
    },
  ],
  labels: {
    zh_CN: { rank: '名次', name: '姓名', result: '成绩', points: '积分' },
    zh_HK: { rank: '名次', name: '姓名', result: '成績', points: '積分' },
    en_US: { rank: 'Rank', name: 'Name', result: 'Result', points: 'Pts' },
  },
  layouts: { tabs: {}, pages: {} },
} as unknown as ResolvedSport;

const context: ViewContext = { sport: SPORT, locale: 'en_US' };

const RESULT: Layout = {
  widget: 'table',
  document: 'DT_RESULT',
  rows: 'Competition.Result',
  legendModule: 'result',
  sort: [{ path: 'SortOrder', type: 'number' }],
  columns: [
    { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' },
    { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
    { id: 'result', label: 'result', path: 'Result', cell: 'time' },
  ],
};

const athlete = (code: string, family: string, given: string) => [
  { Code: code, Type: 'A', Organisation: 'AAA', Description: [{ FamilyName: family, GivenName: given }] },
];

const doc = (rows: Record<string, unknown>[]) => ({ Competition: [{ Result: rows }] });

function html(node: React.ReactNode): string {
  return renderToString(
    <IntlProvider locale="en-US" messages={englishCatalogue}>
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  );
}

/** The names in the table's body, in the order drawn. */
const namesIn = (markup: string) => [...markup.matchAll(/href="\/competitor\/[^"]+"[^>]*>([^<]+)</g)].map((m) => m[1]);

const field = doc([
  { SortOrder: '1', IRM: 'DNS', Competitor: athlete('9', 'Absent', 'Amy') },
  { SortOrder: '2', Rank: '1', Result: '10.01', Competitor: athlete('1', 'First', 'Fay'), QualificationMark: 'Q' },
  { SortOrder: '3', Rank: '2', RankEqual: 'Y', Result: '10.20', Competitor: athlete('2', 'Tied', 'Tom') },
  { SortOrder: '4', Rank: '2', RankEqual: 'Y', Result: '10.20', Competitor: athlete('3', 'Level', 'Lea') },
]);

describe('the result table', () => {
  it('shows shared ranks as ties', () => {
    const markup = html(<ResultTable view={projectTable(RESULT, field, context)} label="Result" />);
    expect(markup.match(/<span class="cell-rank" title="=">=<!-- -->2<\/span>/g)).toHaveLength(2);
  });

  it('keeps an irregular result last whichever way a column is sorted', () => {
    const view = projectTable(RESULT, field, context);
    // The layout's own order puts the DNS first, as the feed sent it.
    expect(namesIn(html(<ResultTable view={view} label="Result" />))[0]).toBe('ABSENT Amy');
    for (const desc of [false, true]) {
      const names = namesIn(html(<ResultTable view={view} label="Result" initialSorting={[{ id: 'rank', desc }]} />));
      expect(names[names.length - 1]).toBe('ABSENT Amy');
      expect(names[0]).toBe(desc ? 'TIED Tom' : 'FIRST Fay');
    }
  });

  it('lists in the legend only the marks the table shows', () => {
    // The result falls back to the IRM (DNS) and a column shows the qualification marks (Q).
    const showing: Layout = {
      ...RESULT,
      columns: [
        ...RESULT.columns!.slice(0, 2),
        { id: 'result', label: 'result', path: 'Result', fallback: 'IRM', cell: 'time' },
        { id: 'marks', label: 'marks', path: 'QualificationMark', cell: 'marks' },
      ],
    };
    const markup = html(<ResultTable view={projectTable(showing, field, context)} label="Result" />);
    const legend = markup.slice(markup.indexOf('class="legend"'));
    expect(legend).toContain('Did not start');
    expect(legend).toContain('Qualified');
    expect(legend).not.toContain('Disqualified');
    // The same rows drawn without the IRM or the marks: the legend has nothing to explain.
    expect(projectTable(RESULT, field, context).legend).toEqual([]);
  });

  it('says there is no data for an empty start list', () => {
    const view = projectTable(RESULT, doc([]), context);
    expect(view.rows).toHaveLength(0);
    expect(html(<ResultTable view={view} label="Start list" />)).toContain(en_US['common.noData']);
  });

  it('draws the column headers from the plugin labels of the locale', () => {
    const zh = projectTable(RESULT, field, { ...context, locale: 'zh_HK' });
    expect(zh.columns.map((c) => c.label)).toEqual(['名次', '姓名', '成績']);
  });
});

describe('the bracket', () => {
  const bracket = {
    Competition: [
      {
        Bracket: [
          {
            BracketItems: [
              {
                Code: 'SFNL',
                BracketItem: [
                  {
                    Code: 'M1',
                    Order: '1',
                    Unit: 'TSTMSINGLES------------SFNL000100--',
                    CompetitorPlace: [
                      { Pos: '1', WLT: 'W', Competitor: athlete('1', 'First', 'Fay') },
                      { Pos: '2', Bye: 'Y' },
                    ],
                  },
                  {
                    Code: 'M2',
                    Order: '2',
                    CompetitorPlace: [
                      { Pos: '1', Result: '2', WLT: 'W', Competitor: athlete('2', 'Tied', 'Tom') },
                      { Pos: '2', Result: '0', WLT: 'L', Competitor: athlete('3', 'Level', 'Lea') },
                    ],
                  },
                ],
              },
              {
                Code: 'FNL',
                BracketItem: [
                  {
                    Code: 'M3',
                    Order: '1',
                    CompetitorPlace: [{ Pos: '1', Competitor: athlete('1', 'First', 'Fay') }, { Pos: '2' }],
                  },
                ],
              },
              {
                Code: 'BRNZ',
                BracketItem: [{ Code: 'M4', Order: '1', CompetitorPlace: [{ Pos: '1' }, { Pos: '2' }] }],
              },
            ],
          },
        ],
      },
    ],
  };

  it('lays out rounds, byes, undecided places and the bronze match beside the tree', () => {
    const view = projectBracket({ widget: 'bracket', document: 'DT_BRACKETS' }, bracket, context);
    expect(view.rounds.map((r) => r.code)).toEqual(['SFNL', 'FNL']);
    expect(view.extra.map((r) => r.code)).toEqual(['BRNZ']);
    expect(view.rounds[0]!.matches[0]!.slots[1]).toEqual({ name: '', winner: false, vacant: 'BYE' });
    expect(view.rounds[1]!.matches[0]!.slots[1]!.vacant).toBe('TBD');
    const markup = html(<BracketWidget view={view} />);
    expect(markup).toContain('BYE');
    expect(markup).toContain('TBD');
    expect(markup).toContain('href="/TSTMSINGLES------------SFNL000100--"');
    expect(markup).toContain('Bronze medal match');
    expect(markup.match(/bracket-winner/g)).toHaveLength(2);
  });
});

describe("the dictionaries' bronze bracket", () => {
  it('names a placing match by its unit, not by the round code of its own bracket', () => {
    // BKB dictionary DT_BRACKETS: Bracket Code="BRN" holds the bronze match in items coded "FNL-".
    const document = {
      Competition: [
        {
          Bracket: [
            {
              Code: 'BRN',
              BracketItems: [
                {
                  Code: 'FNL-',
                  BracketItem: [
                    {
                      Code: '4',
                      Order: '1',
                      Unit: 'BKBMTEAM5-------------BRNZ000100--',
                      CompetitorPlace: [
                        { Pos: '1', PreviousUnit: [{ Unit: 'BKBMTEAM5-------------SFNL000100--', WLT: 'L' }] },
                        { Pos: '2', PreviousUnit: [{ Unit: 'BKBMTEAM5-------------SFNL000200--', WLT: 'L' }] },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const view = projectBracket({ widget: 'bracket', document: 'DT_BRACKETS' }, document, context);
    expect(view.rounds).toEqual([]);
    expect(view.extra.map((r) => r.code)).toEqual(['BRNZ']);
    expect(html(<BracketWidget view={view} />)).toContain('Bronze medal match');
  });
});

describe('the pool standing', () => {
  const POOL: Layout = {
    widget: 'poolStanding',
    document: 'DT_POOL_STANDING',
    rows: 'Competition.Result',
    legendModule: 'pool',
    sort: [{ path: 'Rank', type: 'number' }],
    columns: [
      { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' },
      { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
      { id: 'points', label: 'points', path: 'Result', cell: 'number' },
      { id: 'marks', label: 'marks', path: 'QualificationMark', cell: 'marks' },
    ],
  };
  const standing = doc([
    {
      Rank: '1',
      RankEqual: 'Y',
      Result: '4',
      QualificationMark: 'Q',
      Competitor: athlete('1', 'First', 'Fay'),
      Opponent: [
        { Code: '2', Result: '1-1', Unit: 'U1', WLT: 'T' },
        { Code: '3', Result: '2-0', Unit: 'U2', WLT: 'W' },
      ],
    },
    {
      Rank: '1',
      RankEqual: 'Y',
      Result: '4',
      QualificationMark: 'Q',
      Competitor: athlete('2', 'Tied', 'Tom'),
      Opponent: [
        { Code: '1', Result: '1-1', Unit: 'U1', WLT: 'T' },
        { Code: '3', Result: '3-1', Unit: 'U3', WLT: 'W' },
      ],
    },
    {
      Rank: '3',
      Result: '0',
      Competitor: athlete('3', 'Level', 'Lea'),
      Opponent: [
        { Code: '1', Result: '0-2', WLT: 'L' },
        { Code: '2', Result: '1-3', WLT: 'L' },
      ],
    },
  ]);

  it('shows equal points as a shared rank and the games as a matrix', () => {
    const view = projectPool(POOL, standing, context);
    expect(view.table.rows.map((r) => r.cells[2])).toEqual(['4', '4', '0']);
    expect(view.matrix.results[0]![1]).toEqual({ result: '1-1', unit: 'U1', wlt: 'T' });
    expect(view.matrix.results[2]![2]).toBeNull();
    const markup = html(<PoolWidget view={view} title="Group A" />);
    expect(markup.match(/=<!-- -->1/g)).toHaveLength(2);
    expect(markup).toContain('href="/U3"');
    expect(markup).toContain('Qualified');
  });
});

describe('the widget registry', () => {
  const table = projectTable(RESULT, field, context);
  const section = (over: Partial<WidgetSection>): WidgetSection => ({
    id: 's',
    title: 'Result',
    widget: 'table',
    view: table,
    ...over,
  });

  it('picks a renderer by the widget and the data it fits', () => {
    expect(rendererFor(section({}))).toBeDefined();
    expect(rendererFor(section({ widget: 'bracket' }))).toBeUndefined();
    expect(rendererFor(section({ widget: 'spaceship' }))).toBeUndefined();
    expect(rendererFor(section({ widget: 'toString' }))).toBeUndefined();
  });

  it('shows an unknown-widget panel, a data error, or the panel of a widget that throws, never a crash', () => {
    expect(html(<WidgetPanel section={section({ widget: 'spaceship' })} />)).toContain('unknown widget');
    expect(html(<WidgetPanel section={section({ error: 'schema: /Competition must be array' })} />)).toContain(
      'schema: /Competition must be array',
    );
    const broken = section({ view: { ...table, rows: null } as unknown as typeof table });
    const markup = html(
      <>
        <WidgetPanel section={broken} />
        <p>the rest of the page</p>
      </>,
    );
    expect(markup).toContain(en_US['widget.error']);
    expect(markup).toContain('the rest of the page');
  });
});

describe('groups of rows', () => {
  it('are headed by the label group.<name> with the value, or by the value alone', () => {
    const sport = {
      ...SPORT,
      labels: { ...SPORT.labels, en_US: { ...SPORT.labels.en_US, 'group.period': 'Period {value}' } },
    } as ResolvedSport;
    const layout: Layout = { ...RESULT, sort: undefined, groupBy: 'Period', legendModule: undefined };
    const actions = doc([
      { Period: '1', Result: 'GOAL', Competitor: athlete('1', 'First', 'Fay') },
      { Period: '2', Result: 'FOUL', Competitor: athlete('2', 'Tied', 'Tom') },
      { Period: '1', Result: 'SHOT', Competitor: athlete('3', 'Level', 'Lea') },
    ]);
    const view = projectTable(layout, actions, { sport, locale: 'en_US' });
    expect(view.rows.map((r) => r.group)).toEqual(['Period 1', 'Period 1', 'Period 2']);
    expect(projectTable({ ...layout, groupBy: 'Competitor.Organisation' }, actions, context).rows[0]!.group).toBe(
      'AAA',
    );
  });
});

describe('rows changed by a refresh', () => {
  const view = (rows: [string, string][], rowCount?: number) => ({
    kind: 'table' as const,
    columns: [],
    details: [],
    legend: [],
    rows: rows.map(([key, result]) => ({ key, cells: [result] })),
    ...(rowCount === undefined ? {} : { rowCount }),
  });

  it('are those whose values differ, and new ones', () => {
    const before = view([
      ['a', '10.1'],
      ['b', '10.2'],
    ]);
    const after = view([
      ['a', '10.1'],
      ['b', '10.0'],
      ['c', '10.3'],
    ]);
    expect([...changedRows(undefined, after)]).toEqual([]);
    expect([...changedRows(before, after)].sort()).toEqual(['b', 'c']);
  });

  it('leave out the rows a first-rows view did not hold: they were read, not changed', () => {
    const first = view([['a', '10.1']], 3);
    const whole = view([
      ['a', '10.0'],
      ['b', '10.2'],
      ['c', '10.3'],
    ]);
    expect([...changedRows(first, whole)]).toEqual(['a']);
  });
});
