import { describe, expect, it } from 'vitest';
import { compareValues } from '../../core/views/compare';
import { BOBSLEIGH_ROWS, CELLS, CELL_DEMOS, demo, project, row } from '../cellTesting';

describe('the time cell', () => {
  it('shows a time as the feed writes it, minutes included', () => {
    expect(project('time', 'Result', row(0))).toBe('58.86');
    expect(project('time', 'Result', row(18))).toBe('1:00.98');
    expect(project('time', 'Result', row(20))).toBe('');
  });

  it('sorts by the seconds: a minute and more comes after 59 s', () => {
    expect(CELLS.time.sort).toBe('time');
    const times = BOBSLEIGH_ROWS.map((r) => project('time', 'Result', r) as string).filter(Boolean);
    const sorted = [...times].sort((a, b) => compareValues(a, b, CELLS.time.sort));
    expect(sorted).toEqual(times); // the official order is by time
    expect(compareValues('1:00.98', '59.29', 'time')).toBeGreaterThan(0);
  });

  it('is essential on a phone', () => {
    expect(CELLS.time.priority).toBe('essential');
  });

  it('is a result in the demo: the winner\u2019s time, slower by place, none for an invalid result', () => {
    expect(CELL_DEMOS.time).toMatchObject({ result: true });
    expect(demo('time', { index: 0 }, { base: 60, random: [0.5] })).toBe('1:00.12');
    expect(demo('time', { index: 0 }, { base: 50, random: [0] })).toBe('50.00');
    expect(demo('time', { index: 0, irm: 'DNF' })).toBeUndefined();
  });
});
