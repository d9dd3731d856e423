import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, project, report, row } from '../cellTesting';

describe('the text cell', () => {
  it('shows a value as the feed gives it, and nothing for an absent one', () => {
    expect(project('text', 'ResultType', row(0))).toBe('TIME');
    expect(project('text', 'ResultType', row(20))).toBe('IRM');
    expect(project('text', 'QualificationMark', row(0))).toBe('');
  });

  it('sorts as text and leaves a phone row below sm', () => {
    expect(CELLS.text.sort).toBe('text');
    expect(CELLS.text.priority).toBe('secondary');
  });

  it('is drawn and printed as its text', () => {
    expect(draw('text', 'TIME')).toBe('TIME');
    expect(draw('text', '<b>')).toBe('&lt;b&gt;');
    expect(report('text', 'ResultType', row(0))).toEqual({ text: 'TIME', weight: 1 });
  });

  it('is made up in the demo from the place, in the attribute\u2019s scale, once there are results', () => {
    expect(demo('text', { index: 2 })).toBe('3');
    expect(demo('text', { index: 2 }, { attribute: 'Value', random: [0.5] })).toBe('20.5');
    expect(demo('text', { index: 2, results: false })).toBeUndefined();
  });
});
