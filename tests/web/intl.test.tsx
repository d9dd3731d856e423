import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { FormattedMessage, FormattedTime, IntlProvider, type Catalogue } from '../../src/web/i18n/intl';
import { intlFor } from '../../src/web/i18n/siteIntl';
import { BCP47 } from '../../src/web/i18n/locale';
import englishCatalogue from '../../src/generated/messages/en_US';
import simplifiedCatalogue from '../../src/generated/messages/zh_CN';
import traditionalCatalogue from '../../src/generated/messages/zh_HK';
import developersMessages from '../../src/generated/messages/developers';
import internalMessages from '../../src/generated/messages/internal';
import { PAGE_MESSAGES, readCatalogues } from '../../codegen/emit/messages';

const catalogueOf = (messages: Record<string, string>): Catalogue =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));

const SITE = [
  ['en_US', englishCatalogue],
  ['zh_CN', simplifiedCatalogue],
  ['zh_HK', traditionalCatalogue],
] as const;

afterEach(() => vi.restoreAllMocks());

describe('messages drawn by formatjs', () => {
  const messages = catalogueOf({
    plain: 'Results',
    argument: 'Sort by {column}',
    count: '{count, plural, one {# athlete} other {# athletes}}',
    exact: '{count, plural, =0 {nobody} one {one} other {#}}',
    offset: '{count, plural, offset:1 =0 {none} one {you and # other} other {you and # others}}',
    weekday: '{day, select, 0 {Sun} 1 {Mon} other {?}}',
    number: '{total, number} rows',
    percent: '{share, number, ::percent} done',
    ordinal: '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    tag: 'Read <b>{name}</b> now',
    nested: 'See <link>the <em>{what}</em> table</link>',
  });

  it('draws text, arguments, plurals, exact matches, offsets, selects, numbers and ordinals', () => {
    const en = intlFor('en-US', messages);
    expect(en.formatMessage({ id: 'plain' })).toBe('Results');
    expect(en.formatMessage({ id: 'argument' }, { column: 'Time' })).toBe('Sort by Time');
    // As ICU: a plain argument is not grouped, `#` and `{n, number}` are.
    expect(en.formatMessage({ id: 'argument' }, { column: 4216 })).toBe('Sort by 4216');
    expect(en.formatMessage({ id: 'count' }, { count: 1 })).toBe('1 athlete');
    expect(en.formatMessage({ id: 'count' }, { count: 5200 })).toBe('5,200 athletes');
    expect(en.formatMessage({ id: 'count' }, { count: 0 })).toBe('0 athletes');
    expect(en.formatMessage({ id: 'exact' }, { count: 0 })).toBe('nobody');
    expect(en.formatMessage({ id: 'offset' }, { count: 2 })).toBe('you and 1 other');
    expect(en.formatMessage({ id: 'offset' }, { count: 4 })).toBe('you and 3 others');
    expect(en.formatMessage({ id: 'weekday' }, { day: 1 })).toBe('Mon');
    expect(en.formatMessage({ id: 'weekday' }, { day: 9 })).toBe('?');
    expect(en.formatMessage({ id: 'number' }, { total: 1234567 })).toBe('1,234,567 rows');
    expect(en.formatMessage({ id: 'percent' }, { share: 0.25 })).toBe('25% done');
    expect([1, 2, 3, 11, 22].map((place) => en.formatMessage({ id: 'ordinal' }, { place }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '11th',
      '22nd',
    ]);
  });

  it('counts medals by CLDR plural rules: "one" and "other" in English, only "other" in Chinese', () => {
    const medals = {
      en_US: catalogueOf({ medals: '{count, plural, one {# medal} other {# medals}}' }),
      zh_CN: catalogueOf({ medals: '{count, plural, other {#枚奖牌}}' }),
      zh_HK: catalogueOf({ medals: '{count, plural, other {#枚獎牌}}' }),
    };
    const drawn = (locale: keyof typeof medals, count: number) =>
      intlFor(BCP47[locale], medals[locale]).formatMessage({ id: 'medals' }, { count });
    expect([drawn('en_US', 1), drawn('en_US', 2), drawn('en_US', 1200)]).toEqual([
      '1 medal',
      '2 medals',
      '1,200 medals',
    ]);
    expect([drawn('zh_CN', 1), drawn('zh_CN', 2)]).toEqual(['1枚奖牌', '2枚奖牌']);
    expect([drawn('zh_HK', 1), drawn('zh_HK', 2)]).toEqual(['1枚獎牌', '2枚獎牌']);
    // The site's own plural message, in its three catalogues.
    const events = SITE.map(([locale, catalogue]) =>
      [1, 2].map((count) => intlFor(BCP47[locale], catalogue).formatMessage({ id: 'schedule.medalEvents' }, { count })),
    );
    expect(events).toEqual([
      ['1 medal event', '2 medal events'],
      ['1个奖牌项目', '2个奖牌项目'],
      ['1個獎牌項目', '2個獎牌項目'],
    ]);
    const en = intlFor('en-US', medals.en_US);
    expect([en.formatPlural(1), en.formatPlural(2), en.formatPlural(1.5)]).toEqual(['one', 'other', 'other']);
    expect(en.formatPlural(2, { type: 'ordinal' })).toBe('two');
    expect(intlFor('zh-Hant-HK', medals.zh_HK).formatPlural(1)).toBe('other');
  });

  it('groups digits through Intl.NumberFormat in the three languages', () => {
    for (const [locale] of SITE) {
      const intl = intlFor(BCP47[locale], messages);
      expect(
        [0, 999, 1000, -1234567.25].map((n) => intl.formatNumber(n)),
        locale,
      ).toEqual(['0', '999', '1,000', '-1,234,567.25']);
    }
    // CLDR's words, not a hand-written "NaN" for all three.
    expect(intlFor('zh-Hant-HK', messages).formatNumber(Number.NaN)).toBe('非數值');
  });

  it('says how long ago in each language (Intl.RelativeTimeFormat)', () => {
    const ago = SITE.map(([locale, catalogue]) => {
      const intl = intlFor(BCP47[locale], catalogue);
      return [
        intl.formatRelativeTime(-1, 'second'),
        intl.formatRelativeTime(-42),
        intl.formatRelativeTime(-3, 'minute'),
      ];
    });
    expect(ago).toEqual([
      ['1 second ago', '42 seconds ago', '3 minutes ago'],
      ['1秒钟前', '42秒钟前', '3分钟前'],
      ['1 秒前', '42 秒前', '3 分鐘前'],
    ]);
  });

  it('shows the default message, else the id (reported outside production), for a message the catalogue lacks', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const en = intlFor('en-US', messages);
    // Drawn as written, never parsed: the browser has no ICU parser.
    expect(en.formatMessage({ id: 'round.QFNL', defaultMessage: 'Quarterfinal {n}' })).toBe('Quarterfinal {n}');
    expect(reported).not.toHaveBeenCalled();
    expect(en.formatMessage({ id: 'nowhere' })).toBe('nowhere');
    expect(String(reported.mock.calls[0]?.[0])).toContain('MISSING_TRANSLATION');
  });

  it('is created once per language and catalogue, without probing the supported locales', () => {
    const probes = [
      vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf'),
      vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf'),
    ];
    const fresh = catalogueOf({ argument: 'Sort by {column}', plain: 'Results' });
    const intl = intlFor('zh-Hant-HK', fresh);
    expect(intlFor('zh-Hant-HK', fresh)).toBe(intl);
    expect(intlFor('en-US', fresh)).not.toBe(intl);
    expect(intl.locale).toBe('zh-Hant-HK');
    expect(intl.formatMessage({ id: 'argument' }, { column: '時間' })).toBe('Sort by 時間');
    for (const probe of probes) expect(probe).not.toHaveBeenCalled();
  });

  it('draws React nodes and tags in place, their children keyed', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const markup = renderToStaticMarkup(
      <IntlProvider locale="en-US" messages={messages}>
        <FormattedMessage id="argument" values={{ column: <em>Time</em> }} />|
        <FormattedMessage id="tag" values={{ name: 'Li', b: (children) => <strong>{children}</strong> }} />|
        <FormattedMessage
          id="nested"
          values={{ what: <i>medal</i>, link: (children) => <a href="/medal">{children}</a>, em: (c) => <b>{c}</b> }}
        />
        |<FormattedMessage id="count" values={{ count: 2 }} />
      </IntlProvider>,
    );
    expect(markup).toBe(
      'Sort by <em>Time</em>|Read <strong>Li</strong> now|See <a href="/medal">the <b><i>medal</i></b> table</a>|2 athletes',
    );
    // No "Each child in a list should have a unique key" from the tags' children.
    expect(reported).not.toHaveBeenCalled();
  });

  it("draws a time in the games' time zone, whatever the machine's", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const at = new Date('2025-11-09T06:03:05Z');
      const times = SITE.map(([locale, catalogue]) =>
        renderToStaticMarkup(
          <IntlProvider locale={BCP47[locale]} messages={catalogue}>
            <FormattedMessage id="live.updatedAt" values={{ time: <FormattedTime value={at} /> }} />
          </IntlProvider>,
        ),
      );
      expect(times).toEqual(['updated at 2:03:05 PM', '14:03:05更新', '下午2:03:05更新']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('draws every message of the site in every language without an element left over', () => {
    const sources = readCatalogues();
    for (const [locale, site] of SITE) {
      // A page's own messages are out of the site's catalogue, and drawn with it by that page.
      for (const { prefix } of PAGE_MESSAGES)
        expect(Object.keys(site).filter((id) => id.startsWith(prefix))).toEqual([]);
      const catalogue = { ...site, ...developersMessages[locale], ...internalMessages[locale] };
      const intl = intlFor(BCP47[locale], catalogue);
      for (const id of Object.keys(sources.en_US!)) {
        // Arguments as a number, tags (`<code>`) as their children's text.
        const tags = argumentsOf(catalogue[id] ?? [], new Set(), TYPE.tag);
        const values = Object.fromEntries(
          [...argumentsOf(catalogue[id] ?? [])].map((name) => [
            name,
            tags.has(name) ? (parts: string[]) => parts.join('') : 2,
          ]),
        );
        const text = intl.formatMessage({ id }, values);
        expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
        expect(text === id, `${locale} ${id} missing or not drawn`).toBe(false);
      }
    }
  });
});

/** The names of a message's arguments (of one type, when given), through options and tags. */
function argumentsOf(elements: readonly MessageFormatElement[], into = new Set<string>(), only?: TYPE): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal && (only === undefined || element.type === only))
      into.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into, only);
    if ('children' in element) argumentsOf(element.children, into, only);
  }
  return into;
}
