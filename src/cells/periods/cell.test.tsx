import { describe, expect, it } from 'vitest';
import { CELLS, CELL_DEMOS, draw, element, project, report, row } from '../cellTesting';

describe('the periods cell', () => {
  it('takes a period element\u2019s score, else its value: the sections of a bobsleigh run', () => {
    expect(project('periods', 'ExtendedResults.ExtendedResult[Code=SECTION]', row(0))).toEqual({
      text: '5.09 9.58 11.84 10.63 11.65 10.07',
      parts: ['5.09', '9.58', '11.84', '10.63', '11.65', '10.07'],
    });
  });

  it('prefers a period\u2019s score to its value', () => {
    const match = element(
      '<Result><Periods><Period Code="S1" Score="25" Value="x"/><Period Code="S2" Score="23"/></Periods></Result>',
    );
    expect(project('periods', 'Periods.Period', match)).toEqual({ text: '25 23', parts: ['25', '23'] });
  });

  it('draws one span a period, leaves a phone row below md, prints every period', () => {
    expect(draw('periods', { text: '25 23', parts: ['25', '23'] })).toBe(
      '<span class="cell-parts cell-periods"><span>25</span><span>23</span></span>',
    );
    expect(CELLS.periods.priority).toBe('optional');
    expect(report('periods', 'ExtendedResults.ExtendedResult[Code=SECTION].Value', row(0)).text).toBe(
      '5.09 9.58 11.84 10.63 11.65 10.07',
    );
    expect(CELL_DEMOS.periods).toEqual({ fill: 'items' });
  });
});
