import { describe, expect, it } from 'vitest';
import { cellDefinition, projectCell, sortTypeOf } from '../../src/core/views';
import type { CellKind } from '../../src/core/sports/vocabulary';

/**
 * The core's side of the cell kinds: each kind's own behaviour is tested in its folder
 * (src/cells/<kind>/cell.test.tsx); here, how the core picks a kind. How the table widget's
 * projection lays out columns by their priority: tests/web/projections.test.ts.
 */
describe("a column's cell kind", () => {
  it("projects through the kind's folder", () => {
    expect(projectCell('organisation', ['GDG'], {}, { locale: 'zh_CN', organisations: { GDG: '广东' } })).toEqual({
      text: '广东',
      link: 'GDG',
    });
    expect(projectCell('rank', ['3'], { RankEqual: 'Y' }, { locale: 'en_US', medalRanks: true })).toEqual({
      text: '3',
      equal: true,
      medal: 'bronze',
    });
  });

  it('is drawn as text when a stale plugin names a kind that is gone, never a crash', () => {
    expect(projectCell('sparkline' as CellKind, ['1', '2'], {}, { locale: 'en_US' })).toBe('1');
    expect(sortTypeOf('sparkline' as CellKind)).toBe('text');
    expect(cellDefinition('constructor' as CellKind)).toBe(cellDefinition('text'));
  });
});
