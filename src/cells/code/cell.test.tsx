import { describe, expect, it } from 'vitest';
import { CELLS, demo, element, project } from '../cellTesting';

// Official/@Function (ODF General Data Dictionary, DT_RESULT, Competition/Officials/Official).
const referee = element('<Official Code="7100001" Function="REFEREE" Order="1"/>');
const labels = {
  zh_CN: { 'code.REFEREE': '裁判长' },
  zh_HK: { 'code.REFEREE': '裁判長' },
  en_US: { 'code.REFEREE': 'Referee' },
};

describe('the code cell', () => {
  it('shows a code by its label code.<value> in the locale, else as the feed gives it', () => {
    expect(project('code', 'Function', referee, { locale: 'zh_CN', sport: { labels } })).toBe('裁判长');
    expect(project('code', 'Function', referee, { locale: 'en_US', sport: { labels } })).toBe('Referee');
    expect(project('code', 'Function', referee)).toBe('REFEREE');
    expect(
      project('code', 'Function', element('<Official Function="J1"/>'), { locale: 'en_US', sport: { labels } }),
    ).toBe('J1');
    expect(project('code', 'Function', element('<Official Order="1"/>'))).toBe('');
  });

  it('sorts as text and leaves a phone row below sm', () => {
    expect(CELLS.code.sort).toBe('text');
    expect(CELLS.code.priority).toBe('secondary');
  });

  it('is written by the demo generator, not made up', () => {
    expect(demo('code', {})).toBeUndefined();
  });
});
