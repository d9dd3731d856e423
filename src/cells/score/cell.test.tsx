import { describe, expect, it } from 'vitest';
import { compareValues } from '../../core/views/compare';
import { CELLS, CELL_DEMOS, demo, element, project } from '../cellTesting';

// A judo contest's side: Result/@Result is its score (ODF JUD Data Dictionary, DT_RESULT, 2026 Dakar 1.3).
const white = element('<Result Result="10" WLT="W" SortOrder="1" StartSortOrder="1" ResultType="POINTS"/>');
const blue = element('<Result Result="1" WLT="L" SortOrder="2" StartSortOrder="2" ResultType="POINTS"/>');

describe('the score cell', () => {
  it('shows a score and sorts it as a number', () => {
    expect(project('score', 'Result', white)).toBe('10');
    expect(project('score', 'Result', blue)).toBe('1');
    expect(compareValues('10', '9', CELLS.score.sort)).toBeGreaterThan(0);
    expect(CELLS.score.priority).toBe('essential');
  });

  it('is a result in the demo: a match side\u2019s score, else points falling with the place', () => {
    expect(CELL_DEMOS.score).toMatchObject({ result: true });
    expect(demo('score', { score: 3 })).toBe('3');
    expect(demo('score', { index: 1 }, { random: [0.5] })).toBe('87.800');
    expect(demo('score', { results: false })).toBeUndefined();
  });
});
