import { describe, expect, it } from 'vitest';
import { cellDefinition, projectCell, sortTypeOf } from '../../src/core/views';
import { projectTable } from '../../src/web/widgets/table/project';
import type { ResolvedSport } from '../../src/core/sports/types';
import { NOT_A_SPORT_CODE, type CellKind } from '../../src/core/sports/vocabulary';

/**
 * The core's side of the cell kinds: each kind's own behaviour is tested in its folder
 * (src/cells/<kind>/cell.test.tsx); here, how the core picks a kind and lays out columns by priority.
 */
describe("a column's cell kind", () => {
  it("projects through the kind's folder", () => {
    expect(projectCell('organisation', ['GDG'], {}, { locale: 'zh_CN', organisations: { GDG: '广东' } })).toEqual({
      text: '广东',
      link: 'GDG',
    });
    expect(projectCell('rank', ['3'], { RankEqual: 'Y' }, { locale: 'en_US', medalRanks: true })).toEqual({
      text: '3',
      equal: true,
      medal: 'bronze',
    });
  });

  it('is drawn as text when a stale plugin names a kind that is gone, never a crash', () => {
    expect(projectCell('sparkline' as CellKind, ['1', '2'], {}, { locale: 'en_US' })).toBe('1');
    expect(sortTypeOf('sparkline' as CellKind)).toBe('text');
    expect(cellDefinition('constructor' as CellKind)).toBe(cellDefinition('text'));
  });
});

describe('column priorities', () => {
  const sport = { code: NOT_A_SPORT_CODE, labels: {}, legend: [] } as unknown as ResolvedSport;
  const column = (id: string, cell: string, extra: object = {}) => ({ id, label: id, path: id, cell, ...extra });
  it('keep the essential columns in the row and move the others by priority or hideBelow', () => {
    const view = projectTable(
      {
        widget: 'table',
        document: 'DT_RESULT',
        rows: 'Competition.Result',
        columns: [
          column('rank', 'rank'),
          column('lane', 'number'),
          column('name', 'name'),
          column('result', 'text', { priority: 'essential' }),
          column('splits', 'splits'),
          column('bib', 'bib', { hideBelow: 'lg' }),
          column('time', 'time', { priority: 'optional' }),
        ],
        details: [{ id: 'members', label: 'members', rows: 'Members', columns: [column('note', 'text')] }],
      } as never,
      { Competition: [{ Result: [{ rank: '1' }] }] },
      { sport, locale: 'en_US' },
    );
    if (view.kind !== 'table') throw new Error('a table');
    expect(Object.fromEntries(view.columns.map((c) => [c.id, c.hideBelow ?? 'never']))).toEqual({
      rank: 'never',
      lane: 'sm',
      name: 'never',
      result: 'never',
      splits: 'md',
      bib: 'lg',
      time: 'md',
    });
    // A details table has nowhere to move a column: only hideBelow hides one there.
    expect(view.details[0]!.columns[0]!.hideBelow).toBeUndefined();
  });
});
