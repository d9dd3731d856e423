import { describe, expect, it } from 'vitest';
import { compareValues } from '../../core/views/compare';
import { CELLS, demo, draw, project, row } from '../cellTesting';

describe('the bib cell', () => {
  it('shows the competitor\u2019s bib and sorts it as a number', () => {
    expect(project('bib', 'Competitor.Bib', row(0))).toBe('6');
    expect(project('bib', 'Competitor.Bib', row(2))).toBe('14');
    expect(compareValues('6', '14', CELLS.bib.sort)).toBeLessThan(0);
    expect(CELLS.bib.priority).toBe('secondary');
    expect(draw('bib', '14')).toBe('14');
  });

  it('is a three-digit number in the demo', () => {
    expect(demo('bib', {}, { random: [0.5] })).toBe('550');
    expect(demo('bib', {}, { random: [0] })).toBe('101');
  });
});
