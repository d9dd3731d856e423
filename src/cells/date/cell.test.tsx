import { describe, expect, it } from 'vitest';
import { BOBSLEIGH, CELLS, demo, project } from '../cellTesting';

describe('the date cell', () => {
  it('shows the day of an ODF date-time, whatever its offset', () => {
    expect(project('date', 'Competition.ExtendedInfos.UnitDateTime.StartDate', BOBSLEIGH)).toBe('2022-02-18');
    expect(project('date', 'Date', BOBSLEIGH)).toBe('2022-02-18');
    expect(project('date', 'Competition.ExtendedInfos.UnitDateTime.EndDate', BOBSLEIGH)).toBe('');
    expect(CELLS.date.sort).toBe('text');
  });

  it('is a day of the games in the demo', () => {
    expect(demo('date', { index: 0 })).toBe('2025-11-09');
    expect(demo('date', { index: 9 })).toBe('2025-11-10');
  });
});
