import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collatorFor, type ViewColumn, type ViewRow } from '../../../src/core/views';
import { nextSorting } from '../../../src/web/widgets/table/model/columns';
import { modelRows, type Sort } from './modelRows';

/** The rows in the order the table's model (TanStack Table) draws them for one sort. */
const sortRows = (rows: readonly ViewRow[], columns: readonly ViewColumn[], sort: Sort, collator?: Intl.Collator) =>
  modelRows({ columns, rows }, { sorting: sort ? [sort] : [], ...(collator ? { collator } : {}) });

const COLUMNS: ViewColumn[] = [
  { id: 'rank', label: 'Rank', cell: 'rank', sort: 'number' },
  { id: 'name', label: 'Name', cell: 'name', sort: 'text' },
  { id: 'result', label: 'Result', cell: 'time', sort: 'time' },
];
const row = (key: string, cells: string[], irregular = false): ViewRow => ({
  key,
  cells,
  ...(irregular ? { irregular: true } : {}),
});

describe('sorting a result table', () => {
  it('cycles a column ascending, descending, then back to the published order', () => {
    expect(nextSorting([], 'rank')).toEqual([{ id: 'rank', desc: false }]);
    expect(nextSorting([{ id: 'rank', desc: false }], 'rank')).toEqual([{ id: 'rank', desc: true }]);
    expect(nextSorting([{ id: 'rank', desc: true }], 'rank')).toEqual([]);
    // Another column starts ascending, alone.
    expect(nextSorting([{ id: 'rank', desc: true }], 'name')).toEqual([{ id: 'name', desc: false }]);
  });

  it('adds a column to the sort with Shift, and takes it out on its third click', () => {
    const byRank = [{ id: 'rank', desc: false }];
    const both = nextSorting(byRank, 'name', true);
    expect(both).toEqual([
      { id: 'rank', desc: false },
      { id: 'name', desc: false },
    ]);
    expect(nextSorting(both, 'name', true)).toEqual([
      { id: 'rank', desc: false },
      { id: 'name', desc: true },
    ]);
    expect(nextSorting(nextSorting(both, 'name', true), 'name', true)).toEqual(byRank);
  });

  it('sorts by several columns: ties of the first are ordered by the second', () => {
    const rows = [row('x', ['2', 'Cy', '']), row('y', ['1', 'Bo', '']), row('z', ['2', 'Al', ''])];
    const keys = modelRows(
      { columns: COLUMNS, rows },
      {
        sorting: [
          { id: 'rank', desc: true },
          { id: 'name', desc: false },
        ],
      },
    ).map((r) => r.key);
    expect(keys).toEqual(['z', 'x', 'y']);
  });

  it('sorts by the column type, keeps empty values and irregular results last both ways', () => {
    const rows = [
      row('dns', ['', 'Absent', ''], true),
      row('b', ['2', 'Bea', '1:02.50']),
      row('empty', ['', 'Nobody', '']),
      row('a', ['1', 'Al', '59.80']),
      row('c', ['10', 'Cy', '1:10.00']),
    ];
    const keys = (sort: Parameters<typeof sortRows>[2]) => sortRows(rows, COLUMNS, sort).map((r) => r.key);
    expect(keys(undefined)).toEqual(['dns', 'b', 'empty', 'a', 'c']);
    // Numbers as numbers (10 after 2), times as times (59.80 before 1:02.50).
    expect(keys({ id: 'rank', desc: false })).toEqual(['a', 'b', 'c', 'empty', 'dns']);
    expect(keys({ id: 'rank', desc: true })).toEqual(['c', 'b', 'a', 'empty', 'dns']);
    expect(keys({ id: 'result', desc: false })).toEqual(['a', 'b', 'c', 'empty', 'dns']);
    expect(keys({ id: 'name', desc: true })).toEqual(['empty', 'c', 'b', 'a', 'dns']);
    // An unknown column leaves the published order.
    expect(keys({ id: 'nope', desc: false })).toEqual(keys(undefined));
  });

  it("keeps the teams' totals rows after every player, in the teams' order, both ways", () => {
    const rows: ViewRow[] = [
      row('a1', ['', 'Al', '20']),
      row('a2', ['', 'Ann', '5']),
      { ...row('totalsA', ['', 'A team totals', '25']), totals: true },
      row('b1', ['', 'Bo', '30']),
      { ...row('totalsB', ['', 'B team totals', '30']), totals: true },
    ];
    const points: ViewColumn = { id: 'points', label: 'PTS', cell: 'number', sort: 'number' };
    const columns = [COLUMNS[0]!, COLUMNS[1]!, points];
    const keys = (desc: boolean) => sortRows(rows, columns, { id: 'points', desc }).map((r) => r.key);
    expect(keys(false)).toEqual(['a2', 'a1', 'b1', 'totalsA', 'totalsB']);
    expect(keys(true)).toEqual(['b1', 'a1', 'a2', 'totalsA', 'totalsB']);
  });

  it('is a stable permutation: ties keep the published order, nothing is lost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('', '1', '2', '3', 'x'), fc.boolean()), { maxLength: 40 }),
        fc.boolean(),
        (cells, desc) => {
          const rows = cells.map(([value, irregular], i) => row(String(i), [value, '', ''], irregular));
          const sorted = sortRows(rows, COLUMNS, { id: 'rank', desc });
          expect([...sorted].sort((a, b) => Number(a.key) - Number(b.key))).toEqual(rows);
          for (let i = 1; i < sorted.length; i += 1) {
            const [a, b] = [sorted[i - 1]!, sorted[i]!];
            if (a.cells[0] === b.cells[0] && Boolean(a.irregular) === Boolean(b.irregular))
              expect(Number(a.key)).toBeLessThan(Number(b.key));
          }
        },
      ),
    );
  });

  it("sorts names in the reader's language's order: pinyin, Traditional stroke order, English", () => {
    // In pinyin order (an, bai, chen, ding, fan, gao, huang, li, wang, zhang), shuffled.
    const pinyin = ['安然', '白雪', '陈杰', '丁一', '范冰', '高峰', '黄河', '李娜', '王芳', '张伟'];
    const shuffled = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4].map((i) => pinyin[i]!);
    const rows = shuffled.map((name, i) => row(`r${i}`, [String(i + 1), name, '']));
    const names = (tag: string) =>
      sortRows(rows, COLUMNS, { id: 'name', desc: false }, collatorFor(tag)).map((r) => r.cells[1]);
    expect(names('zh-Hans-CN')).toEqual(pinyin);
    // By strokes: 丁 (2) 王 (4) 白 (5) 安 (6) 张 (7) 李 (7) 陈 (7) 范 (8) 高 (10) 黄 (11).
    expect(names('zh-Hant-HK').slice(0, 4)).toEqual(['丁一', '王芳', '白雪', '安然']);
    // Code units would put 丁 (U+4E01) first and 黄 (U+9EC4) last: neither order a reader knows.
    expect(sortRows(rows, COLUMNS, { id: 'name', desc: false }).map((r) => r.cells[1])[0]).toBe('丁一');
    const english = ['Zhang Wei', 'an Ran', 'Bai Xue', 'chen Jie'].map((name, i) => row(`e${i}`, ['', name, '']));
    expect(
      sortRows(english, COLUMNS, { id: 'name', desc: false }, collatorFor('en-US')).map((r) => r.cells[1]),
    ).toEqual(['an Ran', 'Bai Xue', 'chen Jie', 'Zhang Wei']);
  });

  it('keeps irregular results last when sorting names by collation', () => {
    const rows = [row('dsq', ['', '安然', ''], true), row('b', ['2', '张伟', '']), row('a', ['1', '白雪', ''])];
    expect(sortRows(rows, COLUMNS, { id: 'name', desc: false }, collatorFor('zh-Hans-CN')).map((r) => r.key)).toEqual([
      'a',
      'b',
      'dsq',
    ]);
  });
});
