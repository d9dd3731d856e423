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

  it('let in what formatjs draws from a precompiled message: plurals, selects, ordinals, numbers, named dates and times', () => {
    const catalogues = readCatalogues();
    const english = {
      ...catalogues.en_US,
      'live.updatedAt': 'updated at {time, time, short} on {time, date, medium}',
      'search.count':
        '{count, plural, one {# result} other {# results}} ({share, number, ::percent}, {place, selectordinal, one {#st} other {#th}})',
    };
    expect(catalogueProblems({ ...catalogues, en_US: english })).toEqual([]);
  });

  it("refuse what formatjs would draw outside the games' time zone, and styles it does not know", () => {
    const catalogues = readCatalogues();
    const english = {
      ...catalogues.en_US,
      'live.updatedAt': 'updated at {time, time, ::Hms}',
      'live.announce': 'Page updated on {time, date}',
      'search.count': '{count, number, currency} {count, number, thousands}',
    };
    const file = 'src/web/i18n/messages/en_US.json';
    expect(catalogueProblems({ ...catalogues, en_US: english }).sort()).toEqual([
      `${file}: /live.announce: the site does not draw a date without a style (drawn outside the games' time zone)`,
      `${file}: /live.updatedAt: the site does not draw a time skeleton (drawn outside the games' time zone)`,
      `${file}: /search.count: the site does not draw a number style "currency"`,
      `${file}: /search.count: the site does not draw a number style "thousands"`,
    ]);
  });

  it('translate, not copy: the Traditional catalogue differs from the Simplified one', () => {
    const { zh_CN, zh_HK } = readCatalogues();
    const same = Object.keys(zh_CN!).filter((k) => /[\u4e00-\u9fff]/.test(zh_CN![k]!) && zh_CN![k] === zh_HK![k]);
    expect(same.length).toBeLessThan(Object.keys(zh_CN!).length / 4);
  });
});
