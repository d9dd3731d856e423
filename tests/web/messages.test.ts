import { describe, expect, it } from 'vitest';
import { catalogueProblems, readCatalogues } from '../../codegen/emit/messages';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';

describe('UI message catalogues', () => {
  it('are complete in zh_CN, zh_HK and en_US, and every message parses', () => {
    expect(catalogueProblems()).toEqual([]);
    const catalogues = readCatalogues();
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALE_IDS].sort());
  });

  it('report a key missing in one locale, and a message that does not parse', () => {
    const catalogues = readCatalogues();
    const english: Record<string, string> = {
      ...catalogues.en_US,
      'schedule.units': '{count, plural, other {# units}',
    };
    delete english['medal.title'];
    const broken = { ...catalogues, en_US: english };
    const problems = catalogueProblems(broken);
    expect(problems).toContain(
      'src/web/i18n/messages/en_US.json: /medal.title: message missing (other locales have it)',
    );
    expect(
      problems.some((p) =>
        p.startsWith('src/web/i18n/messages/en_US.json: /schedule.units: ICU message does not parse'),
      ),
    ).toBe(true);
  });

  it("refuse a message using ICU the site's formatter does not draw", () => {
    const catalogues = readCatalogues();
    const english = { ...catalogues.en_US, 'live.updatedAt': 'updated at {time, time, short}' };
    expect(catalogueProblems({ ...catalogues, en_US: english })).toEqual([
      "src/web/i18n/messages/en_US.json: /live.updatedAt: the site's formatter does not draw a time argument",
    ]);
  });

  it('translate, not copy: the Traditional catalogue differs from the Simplified one', () => {
    const { zh_CN, zh_HK } = readCatalogues();
    const same = Object.keys(zh_CN!).filter((k) => /[\u4e00-\u9fff]/.test(zh_CN![k]!) && zh_CN![k] === zh_HK![k]);
    expect(same.length).toBeLessThan(Object.keys(zh_CN!).length / 4);
  });
});
