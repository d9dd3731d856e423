/**
 * A value a plugin hides on purpose (its `hidden` mark, with a reason) is never under "More" (issue 25
 * item 1), while a made-up one no plugin names is. The plugin here is the real swimming plugin given a
 * test mark in memory, not an edited sport.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { ResolvedSport } from '../../src/core/sports/types';
import { parseXml } from '../../src/server/odf/normalise';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { classifyValues, feedCoverage, layoutsReading } from '../../src/web/more/coverage';

// The swimming final with made-up coded items in its first row and unit: ZQ_SHOWN and ZQ_HIDDEN, and
// a made-up attribute ZqHiddenAttr; the test plugin hides ZQ_HIDDEN and ZqHiddenAttr.
const xml = readFileSync(join(ROOT, 'sports/SWM/examples/DT_RESULT.final.xml'), 'utf8')
  .replace(
    /<Result (.*?)>/,
    '<Result ZqHiddenAttr="zq-hidden-attr" $1><ExtendedResults><ExtendedResult Type="ER" Code="ZQ_SHOWN" Value="zq-shown"/><ExtendedResult Type="ER" Code="ZQ_HIDDEN" Value="zq-hidden-row"/></ExtendedResults>',
  )
  .replace('<ExtendedInfos>', '<ExtendedInfos><ExtendedInfo Type="UI" Code="ZQ_HIDDEN" Value="zq-hidden-unit"/>');

describe('a value hidden on purpose', () => {
  it('is not shown under More, in a row or for the unit, and says which mark hides it', async () => {
    const real = (await sportLoaders.SWM()).default;
    const sport: ResolvedSport = {
      ...real,
      hidden: [...(real.hidden ?? []), { code: 'ZQ_HIDDEN' }, { code: 'ZqHiddenAttr' }],
    };
    const document = parseXml(xml).element;
    const readers = layoutsReading(sport.layouts.tabs, 'DT_RESULT');
    const layout = sport.layouts.tabs.result!;
    for (const locale of ['zh_CN', 'zh_HK', 'en_US'] as const) {
      const context = { sport, locale };
      const coverage = feedCoverage(layout, readers, document, context);
      const shown = [...coverage.rows.values(), coverage.unit].flat().map(([, value]) => value);
      expect(shown).toContain('zq-shown');
      for (const value of ['zq-hidden-row', 'zq-hidden-unit', 'zq-hidden-attr']) expect(shown).not.toContain(value);
      const hidden = classifyValues(readers, document, context).filter((c) => c.status === 'hidden');
      const marks = new Map(hidden.map((c) => [c.value.value, c.mark]));
      expect(marks.get('zq-hidden-row')).toBe('ZQ_HIDDEN');
      expect(marks.get('zq-hidden-unit')).toBe('ZQ_HIDDEN');
      expect(marks.get('zq-hidden-attr')).toBe('ZqHiddenAttr');
    }
  });
});
