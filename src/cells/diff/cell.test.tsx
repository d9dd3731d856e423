import { describe, expect, it } from 'vitest';
import { compareValues } from '../../core/views/compare';
import { CELLS, CELL_DEMOS, demo, project, row } from '../cellTesting';

describe('the diff cell', () => {
  it('shows the gap to the leader and sorts it as a time', () => {
    expect(project('diff', 'Diff', row(0))).toBe('0.00');
    expect(project('diff', 'Diff', row(2))).toBe('+0.31');
    expect(project('diff', 'Diff', row(18))).toBe('+2.12');
    expect(compareValues('+0.31', '+2.12', CELLS.diff.sort)).toBeLessThan(0);
    expect(CELLS.diff.priority).toBe('secondary');
  });

  it('is a result in the demo, none for the winner', () => {
    expect(CELL_DEMOS.diff).toMatchObject({ result: true });
    expect(demo('diff', { index: 0 })).toBeUndefined();
    expect(demo('diff', { index: 2 }, { base: 60 })).toBe('+1.44');
  });
});
