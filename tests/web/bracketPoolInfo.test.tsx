import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import type { ViewContext } from '../../src/core/views';
import englishCatalogue from '../../src/generated/messages/en_US';
import chineseCatalogue from '../../src/generated/messages/zh_CN';
import sharedHidden from '../../src/generated/sharedHidden';
import { IntlProvider } from '../../src/web/i18n/intl';
import { classifyValues } from '../../src/web/more/coverage';
import { BracketWidget } from '../../src/web/widgets/bracket/BracketWidget';
import { projectBracket } from '../../src/web/widgets/bracket/project';
import { PoolWidget } from '../../src/web/widgets/poolStanding/PoolWidget';
import { projectPool } from '../../src/web/widgets/poolStanding/project';

/**
 * Issue 25: what a results site shows of a bracket match (when, the score, where a place comes
 * from, a team's players with their bibs) and of a pool (each game against each opponent, played or
 * to come, and how far the pool is), read from the ODF paths by the core widgets, so none of it is
 * left to "More".
 */

const SPORT = {
  code: 'TST',
  name: { zh_CN: '测试', zh_HK: '測試', en_US: 'Test' },
  unitTabs: ['result'],
  pages: {},
  menu: {},
  legend: [],
  labels: { zh_CN: {}, zh_HK: {}, en_US: {} },
  layouts: { tabs: {}, pages: {} },
  hidden: sharedHidden,
} as unknown as ResolvedSport;

const en: ViewContext = { sport: SPORT, locale: 'en_US' };
const zh: ViewContext = { sport: SPORT, locale: 'zh_CN' };

function html(node: React.ReactNode, chinese = false): string {
  return renderToString(
    <IntlProvider locale={chinese ? 'zh-CN' : 'en-US'} messages={chinese ? chineseCatalogue : englishCatalogue}>
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  );
}

const person = (code: string, family: string, given: string, bib: string, order: string) => ({
  Code: code,
  Order: order,
  Bib: bib,
  Description: [{ FamilyName: family, GivenName: given, Gender: 'M', Organisation: 'AAA', BirthDate: '2000-01-01' }],
});

const team = (code: string, org: string, teamName: string, bib: string, members: Record<string, unknown>[]) => [
  {
    Code: code,
    Type: 'T',
    Organisation: org,
    Bib: bib,
    Description: [{ TeamName: teamName }],
    Composition: [{ Athlete: members }],
  },
];

const BRACKET = {
  Competition: [
    {
      Bracket: [
        {
          Code: 'FNL',
          BracketItems: [
            {
              Code: 'SFNL',
              BracketItem: [
                {
                  Code: '1',
                  Order: '1',
                  Position: '1',
                  Date: '2025-11-15',
                  Time: '150000000',
                  Unit: 'TSTMTEAM5-------------SFNL000100--',
                  Result: '3-1 (OT)',
                  CompetitorPlace: [
                    {
                      Pos: '1',
                      WLT: 'W',
                      Result: '3',
                      Competitor: team('T1', 'GDG', 'Guangdong', '7', [
                        person('11', 'Yuan', 'Tao', '7', '1'),
                        person('12', 'Cai', 'Qiang', '23', '2'),
                      ]),
                    },
                    {
                      Pos: '2',
                      WLT: 'L',
                      Result: '1',
                      Competitor: team('T2', 'SHH', 'Shanghai', '4', [
                        person('21', 'Yu', 'Peng', '4', '1'),
                        person('22', 'Du', 'Rui', '15', '2'),
                      ]),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          Code: 'BRN',
          BracketItems: [
            {
              Code: 'FNL-',
              BracketItem: [
                {
                  Code: '1',
                  Order: '1',
                  Position: '1',
                  Date: '2025-11-16',
                  Time: '10:30',
                  Unit: 'TSTMTEAM5-------------BRNZ000100--',
                  CompetitorPlace: [
                    {
                      Pos: '1',
                      Code: 'TBD',
                      PreviousUnit: [{ Unit: 'TSTMTEAM5-------------SFNL000100--', Value: '1', WLT: 'L' }],
                    },
                    {
                      Pos: '2',
                      Code: 'TBD',
                      PreviousUnit: [{ Unit: 'TSTMTEAM5-------------SFNL000200--', Value: '2', WLT: 'L' }],
                    },
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

const BRACKET_LAYOUT: Layout = { widget: 'bracket', document: 'DT_BRACKETS' };

describe('a bracket match', () => {
  it('shows when it is played, its score, and its places bibs and team members', () => {
    const view = projectBracket(BRACKET_LAYOUT, BRACKET, en);
    const markup = html(<BracketWidget view={view} />);
    expect(markup).toContain('Nov 15');
    expect(markup).toContain('<time>15:00</time>');
    expect(markup).toContain('3-1 (OT)');
    // Bibs of the places and the team's players with theirs, under the match.
    expect(markup).toMatch(/Bib.*?<\/span>7<\/span>/);
    expect(markup).toContain('<dt>23</dt><dd>CAI Qiang</dd>');
    expect(markup).toContain('<dt>15</dt><dd>DU Rui</dd>');
  });

  it('says where an undecided place comes from, in the page language', () => {
    const view = projectBracket(BRACKET_LAYOUT, BRACKET, en);
    expect(view.rounds.map((r) => r.code)).toEqual(['SFNL']);
    expect(view.extra.map((r) => r.code)).toEqual(['BRNZ']);
    const markup = html(<BracketWidget view={view} />);
    expect(markup).toContain('Loser of Semifinal 1');
    expect(markup).toContain('Loser of Semifinal 2');
    expect(markup).toContain('<time>10:30</time>');
    const chinese = html(<BracketWidget view={projectBracket(BRACKET_LAYOUT, BRACKET, zh)} />, true);
    expect(chinese).toContain('半决赛第1场负者');
  });

  it('leaves none of these values to More', () => {
    const more = classifyValues([BRACKET_LAYOUT], BRACKET, en)
      .filter((v) => v.status === 'more')
      .map((v) => `${v.value.attribute}=${v.value.value}`);
    expect(more).toEqual([]);
  });
});

const POOL_LAYOUT: Layout = {
  widget: 'poolStanding',
  document: 'DT_POOL_STANDING',
  rows: 'Competition.Result',
  sort: [{ path: 'Rank', type: 'number' }],
  columns: [
    { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' },
    { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
    { id: 'points', label: 'points', path: 'Result', cell: 'number' },
  ],
};

const opponent = (code: string, pos: string, org: string, unit: string, date: string, result?: string) => ({
  Code: code,
  Type: 'T',
  Pos: pos,
  Organisation: org,
  Date: date,
  Unit: `TSTMTEAM5-------------GPA-${unit}00--`,
  ...(result ? { Result: result } : {}),
});

const row = (rank: string, code: string, org: string, name: string, opponents: Record<string, unknown>[]) => ({
  Rank: rank,
  Result: String(4 - Number(rank)),
  Competitor: [{ Code: code, Type: 'T', Organisation: org, Description: [{ TeamName: name }], Opponent: opponents }],
});

const POOL = {
  Competition: [
    {
      ExtendedInfos: [
        { Progress: [{ LastUnit: 'TSTMTEAM5-------------GPA-000200--', UnitsTotal: '3', UnitsComplete: '2' }] },
      ],
      Result: [
        row('1', 'A', 'GDG', 'Guangdong', [
          opponent('B', '2', 'SHH', '0001', '2025-11-12', '81-70'),
          opponent('C', '3', 'ZHJ', '0002', '2025-11-13', '90-60'),
        ]),
        row('2', 'B', 'SHH', 'Shanghai', [
          opponent('A', '1', 'GDG', '0001', '2025-11-12', '70-81'),
          opponent('C', '3', 'ZHJ', '0003', '2025-11-14'),
        ]),
        row('3', 'C', 'ZHJ', 'Zhejiang', [
          opponent('A', '1', 'GDG', '0002', '2025-11-13', '60-90'),
          opponent('B', '2', 'SHH', '0003', '2025-11-14'),
        ]),
      ],
    },
  ],
};

describe('a pool', () => {
  it("shows each competitor's results against each opponent, and the games to come by date", () => {
    const view = projectPool(POOL_LAYOUT, POOL, en);
    expect(view.matrix.results[0]![1]).toMatchObject({ result: '81-70', date: '2025-11-12' });
    expect(view.matrix.results[1]![2]).toMatchObject({ result: '', date: '2025-11-14' });
    const markup = html(<PoolWidget view={view} title="Group A" />);
    expect(markup).toMatch(/href="\/TSTMTEAM5-------------GPA-000100--"[^>]*>81-70<\/a><small[^>]*>Nov 12</);
    expect(markup).toMatch(/href="\/TSTMTEAM5-------------GPA-000200--"[^>]*>60-90<\/a>/);
    // The game to come links to its unit by its date.
    expect(markup).toMatch(/href="\/TSTMTEAM5-------------GPA-000300--"[^>]*>Nov 14</);
    // Columns by the opponents' number in the pool, with their delegation.
    expect(markup).toMatch(/<abbr title="Shanghai">2<\/abbr><small[^>]*>SHH<\/small>/);
  });

  it('shows how far the pool is and its latest game', () => {
    const view = projectPool(POOL_LAYOUT, POOL, en);
    const markup = html(<PoolWidget view={view} title="Group A" />);
    expect(markup).toContain('2 of 3 games played');
    expect(markup).toMatch(/Latest game.*href="\/TSTMTEAM5-------------GPA-000200--"[^>]*>Guangdong 90-60 Zhejiang</);
    // A latest game the grid does not hold is named by its phase and number.
    const elsewhere = JSON.parse(
      JSON.stringify(POOL).replace('GPA-000200--","UnitsTotal', 'GPA-000900--","UnitsTotal'),
    );
    expect(html(<PoolWidget view={projectPool(POOL_LAYOUT, elsewhere, en)} title="Group A" />)).toMatch(
      /href="\/TSTMTEAM5-------------GPA-000900--"[^>]*>Group A 9</,
    );
    const chinese = html(<PoolWidget view={projectPool(POOL_LAYOUT, POOL, zh)} title="A组" />, true);
    expect(chinese).toContain('已赛 2 场，共 3 场');
  });

  it('leaves none of the opponents and progress values to More', () => {
    const more = classifyValues([POOL_LAYOUT], POOL, en)
      .filter((v) => v.status === 'more' && /Opponent|Progress/.test(v.value.signature))
      .map((v) => `${v.value.attribute}=${v.value.value}`);
    expect(more).toEqual([]);
  });
});
