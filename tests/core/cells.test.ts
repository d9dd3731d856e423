import { describe, expect, it } from 'vitest';
import { projectCell } from '../../src/core/views';
import { projectTable } from '../../src/core/views';
import type { ResolvedSport } from '../../src/core/sports/types';
import { NOT_A_SPORT_CODE } from '../../src/core/sports/vocabulary';

/** Issue 16: how a delegation and a medal rank are shown, and which columns leave a row on a phone. */
const organisations = { GDG: '广东' };

describe('the organisation cell', () => {
  it('shows the short name on Chinese pages, linked by code', () => {
    expect(projectCell('organisation', ['GDG'], {}, { locale: 'zh_CN', organisations })).toEqual({
      text: '广东',
      link: 'GDG',
    });
    expect(projectCell('organisation', ['GDG'], {}, { locale: 'zh_HK', organisations: { GDG: '廣東' } })).toEqual({
      text: '廣東',
      link: 'GDG',
    });
  });

  it('shows the code in English, the name as its title', () => {
    expect(projectCell('organisation', ['GDG'], {}, { locale: 'en_US', organisations: { GDG: 'Guangdong' } })).toEqual({
      text: 'GDG',
      title: 'Guangdong',
    });
  });

  it('shows the code alone when the delegation has no name', () => {
    expect(projectCell('organisation', ['XYZ'], {}, { locale: 'zh_CN', organisations })).toBe('XYZ');
    expect(projectCell('organisation', [], {}, { locale: 'zh_CN', organisations })).toBe('');
  });
});

describe('the rank cell', () => {
  it('marks ranks 1 to 3 with their medal in a medal unit, shared ranks too', () => {
    const rank = (value: string, row: object = {}) =>
      projectCell('rank', [value], row, { locale: 'en_US', medalRanks: true });
    expect([rank('1'), rank('2'), rank('3'), rank('3', { RankEqual: 'Y' }), rank('4')]).toEqual([
      { text: '1', medal: 'gold' },
      { text: '2', medal: 'silver' },
      { text: '3', medal: 'bronze' },
      { text: '3', equal: true, medal: 'bronze' },
      '4',
    ]);
  });

  it('marks nothing elsewhere', () => {
    expect(projectCell('rank', ['1'], {}, { locale: 'en_US' })).toBe('1');
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
