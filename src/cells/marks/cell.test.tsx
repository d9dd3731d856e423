import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, element, project } from '../cellTesting';

// Result/@QualificationMark (SC@QualificationMark, Q by place, q by time) and a football line's cards
// (StatsItem codes YC, RC), as the plugins' layouts read them.
describe('the marks cell', () => {
  it('shows a mark, and several as parts', () => {
    expect(project('marks', 'QualificationMark', element('<Result Rank="2" QualificationMark="Q"/>'))).toBe('Q');
    const cards = element(
      '<Athlete><StatsItems><StatsItem Type="ST" Code="YC" Value="1"/><StatsItem Type="ST" Code="RC" Value="1"/></StatsItems></Athlete>',
    );
    expect(project('marks', 'StatsItems.StatsItem[Code=YC|YRC|RC].Code', cards)).toEqual({
      text: 'YC RC',
      parts: ['YC', 'RC'],
    });
  });

  it('draws each part in its own span, essential on a phone', () => {
    expect(draw('marks', { text: 'YC RC', parts: ['YC', 'RC'] })).toBe(
      '<span class="cell-parts cell-marks"><span>YC</span><span>RC</span></span>',
    );
    expect(CELLS.marks.priority).toBe('essential');
  });

  it('is Q for the first two qualifiers of the demo and q for the rest', () => {
    expect(demo('marks', { index: 0, qualified: true })).toBe('Q');
    expect(demo('marks', { index: 3, qualified: true })).toBe('q');
    expect(demo('marks', { index: 3 })).toBeUndefined();
  });
});
