import { describe, expect, it } from 'vitest';
import { CELLS, demo, element, project } from '../cellTesting';

// Result/@WLT: W won, L lost (ODF JUD Data Dictionary, DT_RESULT, 2026 Dakar 1.3).
const winner = element('<Result Result="10" WLT="W" SortOrder="1" StartSortOrder="1"/>');

describe('the WLT cell', () => {
  it('shows the outcome of a side, essential on a phone', () => {
    expect(project('wlt', 'WLT', winner)).toBe('W');
    expect(project('wlt', 'WLT', element('<Result SortOrder="2"/>'))).toBe('');
    expect(CELLS.wlt.priority).toBe('essential');
  });

  it('is W or L by the demo match, nothing before it', () => {
    expect(demo('wlt', { won: true })).toBe('W');
    expect(demo('wlt', { won: false })).toBe('L');
    expect(demo('wlt', {})).toBeUndefined();
  });
});
