import { describe, expect, it } from 'vitest';
import { CELLS, CELL_DEMOS, draw, project, report, row } from '../cellTesting';

const path = 'ExtendedResults.ExtendedResult[Code=INTERMEDIATE].Value';

describe('the splits cell', () => {
  it('shows the intermediate times in order, each a part', () => {
    expect(project('splits', path, row(0))).toEqual({
      text: '5.09 14.67 26.51 37.14 48.79 58.86',
      parts: ['5.09', '14.67', '26.51', '37.14', '48.79', '58.86'],
    });
    expect(project('splits', path, row(20))).toBe('');
  });

  it('draws one span a split and leaves a phone row below md', () => {
    expect(draw('splits', { text: '5.09 14.67', parts: ['5.09', '14.67'] })).toBe(
      '<span class="cell-parts cell-splits"><span>5.09</span><span>14.67</span></span>',
    );
    expect(CELLS.splits.priority).toBe('optional');
  });

  it('prints every split in a report, and is written item by item in the demo', () => {
    expect(report('splits', path, row(2)).text).toBe('5.18 14.80 26.68 37.36 49.05 59.17');
    expect(CELL_DEMOS.splits).toEqual({ fill: 'items' });
  });
});
