import { describe, expect, it } from 'vitest';
import type { ResolvedSport } from '../../../src/core/sports/types';
import { NOT_A_SPORT_CODE } from '../../../src/core/sports/vocabulary';
import { firstRows, type TableView } from '../../../src/core/views';
import { findQuery, findText, FIND_MIN_ROWS, matchesFind, rowFilterOf, NO_FILTER } from '../../../src/core/views/find';
import type { NamesDirectory } from '../../../src/core/namesDirectory';
import { projectTable } from '../../../src/web/widgets/table/project';
import { modelRows } from './modelRows';

const sport = { code: NOT_A_SPORT_CODE, labels: {}, legend: [] } as unknown as ResolvedSport;
const LAYOUT = {
  widget: 'table',
  document: 'DT_RESULT',
  rows: 'Competition.Result',
  columns: [
    { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' },
    { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
    { id: 'org', label: 'org', path: 'Competitor.Organisation', cell: 'organisation' },
    { id: 'result', label: 'result', path: 'Result', cell: 'time' },
  ],
} as never;

/** A names directory as the service derives it (src/server/derive/names.ts), pinyin included. */
const directory: NamesDirectory = {
  people: {
    A1: { ENG: ['CAI', 'Zebo'], CHI: ['蔡', '泽波'], CHT: ['蔡', '澤波'], PY: ['cai', 'ze bo'] },
    A2: { ENG: ['OUYANG', 'Xiadan'], CHI: ['欧阳', '夏丹'], CHT: ['歐陽', '夏丹'], PY: ['ou yang', 'xia dan'] },
    A3: { ENG: ['SHAN', 'Jixiang'], CHI: ['单', '霁翔'], CHT: ['單', '霽翔'], PY: ['shan', 'ji xiang'] },
  },
  teams: {},
};
const organisations = { GDG: '广东', SHA: '上海', HKG: '香港' };
const competitor = (code: string, organisation: string) => ({
  Code: code,
  Organisation: organisation,
  Composition: [{ Athlete: [{ Code: code, Description: [{ FamilyName: code, GivenName: 'X' }] }] }],
});

/** A field of `size` runners: the three named ones first, then others of three delegations. */
function field(size: number) {
  const named = [competitor('A1', 'GDG'), competitor('A2', 'SHA'), competitor('A3', 'HKG')];
  const others = Array.from({ length: size - 3 }, (_, i) => competitor(`Z${i}`, ['GDG', 'SHA', 'HKG'][i % 3]!));
  return {
    Competition: [
      {
        Result: [...named, ...others].map((c, i) => ({
          Rank: String(i + 1),
          Result: `2:${10 + (i % 50)}:00`,
          Competitor: c,
        })),
      },
    ],
  };
}

const project = (size: number, locale: 'zh_CN' | 'zh_HK' | 'en_US' = 'zh_CN'): TableView => {
  const view = projectTable(LAYOUT, field(size), { sport, locale, names: directory, organisations });
  if (view.kind !== 'table') throw new Error('a table');
  return view;
};
const finds = (view: TableView, query: string) =>
  modelRows(view, { filter: { q: findQuery(query), org: '' } }).map((row) => row.key);

describe("a long table's filter box", () => {
  it('folds what a reader types: width, case, spaces, apostrophes and dots', () => {
    expect(findText('  Ｃai  Ze-Bo ')).toBe('caizebo');
    expect(findText("O'Neil J.")).toBe('oneilj');
    expect(findQuery('x'.repeat(100))).toHaveLength(40);
    expect(matchesFind(undefined, '')).toBe(true);
    expect(matchesFind(undefined, 'cai')).toBe(false);
  });

  it('finds an athlete by the Chinese name, the Traditional one, pinyin, initials or the English name', () => {
    const view = project(40);
    for (const query of ['蔡泽波', '蔡澤波', 'caizebo', 'cai ze bo', 'czb', 'CAI Zebo', 'Zebo Cai', '泽波'])
      expect(finds(view, query), query).toEqual(['A1']);
    // A compound surname and a surname read otherwise than as a word (单 is shan in a name).
    expect(finds(view, 'ouyang')).toEqual(['A2']);
    expect(finds(view, 'oyxd')).toEqual(['A2']);
    expect(finds(view, '歐陽夏丹')).toEqual(['A2']);
    expect(finds(view, 'shanjixiang')).toEqual(['A3']);
    expect(finds(view, 'danjixiang')).toEqual([]);
  });

  it('finds the rows of a delegation by its code or its name, and no row for nonsense', () => {
    const view = project(40);
    expect(finds(view, 'SHA')).toHaveLength(13 + 1);
    expect(finds(view, '广东')).toEqual(finds(view, 'gdg'));
    expect(finds(view, 'zzzz')).toEqual([]);
  });

  it('has nothing to find by in a short table: no keys, and a query changes nothing there', () => {
    const view = project(FIND_MIN_ROWS - 1);
    expect(view.rows.every((row) => row.find === undefined)).toBe(true);
  });

  it('filters by delegation alone, or with a query', () => {
    const view = project(40);
    const hkg = modelRows(view, { filter: { q: '', org: 'HKG' } });
    expect(hkg.length).toBe(13);
    expect(hkg.every((row) => JSON.stringify(row.cells[2]).includes('HKG'))).toBe(true);
    expect(modelRows(view, { filter: { q: findQuery('单霁翔'), org: 'HKG' } }).map((r) => r.key)).toEqual(['A3']);
    expect(modelRows(view, { filter: { q: findQuery('单霁翔'), org: 'GDG' } })).toEqual([]);
  });

  it("reads the filter from a page's address", () => {
    expect(rowFilterOf(new URLSearchParams('q=Cai%20Zebo&org=gdg'))).toEqual({ q: 'caizebo', org: 'GDG' });
    expect(rowFilterOf(new URLSearchParams('tab=result'))).toEqual(NO_FILTER);
  });
});

describe("a long table's first render with a filter in its address", () => {
  it('holds every row the filter keeps, however far down, and says which filter chose them', () => {
    const view = project(400);
    const cut = firstRows(view, 80, { q: '', org: 'HKG' });
    if (cut.kind !== 'table') throw new Error('a table');
    expect(cut.rows).toHaveLength(133);
    expect(cut.rowCount).toBe(400);
    expect(cut.chosenBy).toEqual({ q: '', org: 'HKG' });
    const one = firstRows(view, 80, { q: 'oyxd', org: '' });
    expect(one.kind === 'table' && one.rows.map((r) => r.key)).toEqual(['A2']);
  });

  it("lists every row's delegation for the filter, though it holds the first rows only", () => {
    const cut = firstRows(project(400), 80);
    if (cut.kind !== 'table') throw new Error('a table');
    expect(cut.rows).toHaveLength(80);
    expect(cut.chosenBy).toBeUndefined();
    expect(cut.delegations).toEqual([
      { code: 'GDG', label: '广东' },
      { code: 'SHA', label: '上海' },
      { code: 'HKG', label: '香港' },
    ]);
    // The English site shows codes: the delegation is named by the cell's title.
    const english = firstRows(project(400, 'en_US'), 80);
    expect(english.kind === 'table' && english.delegations?.[0]).toEqual({ code: 'GDG', label: '广东' });
  });
});
