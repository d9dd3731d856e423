import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, project, row } from '../cellTesting';

describe('the IRM cell', () => {
  it('shows an invalid result mark, essential on a phone', () => {
    expect(project('irm', 'IRM', row(20))).toBe('DNS');
    expect(project('irm', 'IRM', row(0))).toBe('');
    expect(draw('irm', 'DNS')).toBe('DNS');
    expect(CELLS.irm.priority).toBe('essential');
  });

  it('is the row\u2019s own mark in the demo', () => {
    expect(demo('irm', { irm: 'DNF' })).toBe('DNF');
    expect(demo('irm', {})).toBeUndefined();
  });
});
