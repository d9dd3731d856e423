import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, element, project } from '../cellTesting';

// Result/RecordIndicators/RecordIndicator: the records a result set, by RecordType (ODF DT_RESULT).
const result = element(
  '<Result Rank="1" Result="1:52.34"><RecordIndicators><RecordIndicator Order="1" Code="WR" RecordType="WR"/><RecordIndicator Order="2" Code="GR" RecordType="GR"/></RecordIndicators></Result>',
);

describe('the record cell', () => {
  it('shows each record set as a part', () => {
    expect(project('record', 'RecordIndicators.RecordIndicator.RecordType', result)).toEqual({
      text: 'WR GR',
      parts: ['WR', 'GR'],
    });
    expect(project('record', 'RecordIndicators.RecordIndicator.RecordType', element('<Result Rank="2"/>'))).toBe('');
    expect(draw('record', 'WR')).toBe('<span class="cell-parts cell-record"><span>WR</span></span>');
    expect(CELLS.record.priority).toBe('secondary');
  });

  it('is the row\u2019s record in the demo', () => {
    expect(demo('record', { record: 'GR' })).toBe('GR');
    expect(demo('record', {})).toBeUndefined();
  });
});
