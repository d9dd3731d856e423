import { describe, expect, it } from 'vitest';
import { accessorFor } from '../../core/valuePath';
import { CELLS, CELL_DEMOS, demo, draw, project, row } from '../cellTesting';

/** Germany's intermediate at the start (Pos S) in ROC's row: rank 10, shared (RankEqual="Y"). */
const sharedIntermediate = accessorFor('ExtendedResults.ExtendedResult[Code=INTERMEDIATE]').all(row(2))[0];

describe('the rank cell', () => {
  it('shows the rank, and nothing for a row without one (DNS)', () => {
    expect(project('rank', 'Rank', row(0))).toBe('1');
    expect(project('rank', 'Rank', row(20))).toBe('');
  });

  it('marks a shared rank with "="', () => {
    expect(project('rank', 'Rank', sharedIntermediate)).toEqual({ text: '10', equal: true });
    expect(draw('rank', { text: '10', equal: true })).toBe('<span class="cell-rank" title="=">=10</span>');
  });

  it('gives ranks 1 to 3 their medal in a medal unit\u2019s settled result, named for screen readers', () => {
    const medalUnit = { locale: 'en_US' as const, medalRanks: true };
    expect(project('rank', 'Rank', row(0), medalUnit)).toEqual({ text: '1', medal: 'gold' });
    expect(project('rank', 'Rank', row(2), medalUnit)).toEqual({ text: '3', medal: 'bronze' });
    expect(project('rank', 'Rank', row(3), medalUnit)).toBe('4');
    expect(project('rank', 'Rank', row(0))).toBe('1');
    expect(draw('rank', { text: '1', medal: 'gold' })).toContain('class="cell-rank medal-rank medal-gold"');
    expect(draw('rank', { text: '1', medal: 'gold' })).toContain('<span class="sr-only">Gold </span>1');
  });

  it('sorts as a number and is essential on a phone', () => {
    expect(CELLS.rank.sort).toBe('number');
    expect(CELLS.rank.priority).toBe('essential');
  });

  it('is the place in the demo, a result, none for an invalid result', () => {
    expect(CELL_DEMOS.rank).toMatchObject({ result: true });
    expect(demo('rank', { index: 2 })).toBe('3');
    expect(demo('rank', { index: 2, irm: 'DSQ' })).toBeUndefined();
    expect(demo('rank', { index: 2, results: false })).toBeUndefined();
  });
});
