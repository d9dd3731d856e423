import { describe, expect, it } from 'vitest';
import { compileLegend } from '../../src/core/legend/match';
import { expandLegendSet, resolveSport } from '../../src/core/sports/resolve';
import type { ResolvedSport, SportConfig } from '../../src/core/sports/types';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { compileValuePath } from '../../src/core/valuePath';
import { SPORT_CODES, isSportCode } from '../../src/generated/sportCodes';
import { sportLoaders } from '../../src/generated/sportRegistry';
import irm from '../../src/generated/legend/irm';

describe('resolveSport', () => {
  const text = { zh_CN: '甲', zh_HK: '甲', en_US: 'A' };
  const config = {
    code: 'XYZ',
    name: text,
    unitTabs: ['result'],
    pages: {},
    menu: {},
    legend: {
      sets: [{ set: 'irm', only: ['DNS', 'DNF'], module: ['summary'] }, { set: 'missing' }],
      entries: [{ title: 'O', code: 'O', key: 'Value', module: ['result'], entity: 'CUSTOM', description: text }],
    },
    labels: { zh_CN: { rank: '排位' }, zh_HK: { rank: '排位' }, en_US: { rank: 'Place' } },
    layouts: { tabs: { result: { widget: 'reportList', document: 'REPORT_LIST' } }, pages: {} },
  } satisfies SportConfig;

  it('expands referenced sets with only and module, keeps own entries last, and merges labels', () => {
    const shared = {
      zh_CN: { rank: '名次', name: '姓名' },
      zh_HK: { rank: '名次', name: '姓名' },
      en_US: { rank: 'Rank', name: 'Name' },
    };
    const sport = resolveSport(config, new Map([['irm', irm]]), shared);
    expect(sport.legend.map((e) => [e.code, e.module, e.set])).toEqual([
      ['DNS', ['summary'], 'irm'],
      ['DNF', ['summary'], 'irm'],
      ['O', ['result'], undefined],
    ]);
    expect(sport.labels.en_US).toEqual({ rank: 'Place', name: 'Name' });
    expect('$schema' in sport).toBe(false);
  });

  it('expands a whole set when no codes are picked', () => {
    expect(expandLegendSet(irm, { set: 'irm' })).toHaveLength(irm.entries.length);
  });
});

describe('the generated sport registry', () => {
  it('has a lazy loader for every sport code, and only those', () => {
    expect(Object.keys(sportLoaders).sort()).toEqual([...SPORT_CODES].sort());
    expect(isSportCode('SWM')).toBe(true);
    expect(isSportCode('XYZ')).toBe(false);
  });

  describe.each([...SPORT_CODES])('%s', (code) => {
    let sport: ResolvedSport;
    it('loads, resolved, under its own code', async () => {
      sport = (await sportLoaders[code]()).default;
      expect(sport.code).toBe(code);
      expect(sport.legend.length).toBeGreaterThan(0);
    });

    it('has every label its layouts and menu name, in every locale', () => {
      const keys = new Set<string>();
      for (const entry of Object.values(sport.menu)) if (entry) keys.add(entry.label);
      for (const layout of [...Object.values(sport.layouts.tabs), ...Object.values(sport.layouts.pages)]) {
        for (const column of layout?.columns ?? []) keys.add(column.label);
        for (const detail of layout?.details ?? []) {
          keys.add(detail.label);
          for (const column of detail.columns) keys.add(column.label);
        }
      }
      for (const locale of LOCALE_IDS) {
        const missing = [...keys].filter((key) => !sport.labels[locale][key]);
        expect(missing, locale).toEqual([]);
      }
    });

    it('compiles every value path and every legend mark', () => {
      for (const layout of [...Object.values(sport.layouts.tabs), ...Object.values(sport.layouts.pages)]) {
        const paths = [
          layout?.rows,
          layout?.groupBy,
          ...(layout?.columns ?? []).map((c) => c.path),
          ...(layout?.sort ?? []).map((s) => s.path),
          ...(layout?.details ?? []).flatMap((d) => [d.rows, ...d.columns.map((c) => c.path)]),
        ].filter((p) => p !== undefined);
        for (const path of paths) expect(() => compileValuePath(path)).not.toThrow();
      }
      expect(compileLegend(sport.legend).broken).toEqual([]);
    });
  });
});
