import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from '@formatjs/icu-messageformat-parser';
import {
  createIntl,
  FormattedMessage,
  groupDigits,
  IntlProvider,
  pluralCategory,
  type Catalogue,
} from '../../src/web/i18n/intl';
import englishCatalogue from '../../src/generated/messages/en_US';
import chineseCatalogue from '../../src/generated/messages/zh_CN';
import { readCatalogues } from '../../codegen/emit/messages';

const catalogueOf = (messages: Record<string, string>): Catalogue =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));

describe('the message formatter', () => {
  const messages = catalogueOf({
    plain: 'Results',
    argument: 'Sort by {column}',
    count: '{count, plural, one {# athlete} other {# athletes}}',
    exact: '{count, plural, =0 {nobody} one {one} other {#}}',
    offset: '{count, plural, offset:1 =0 {none} one {you and # other} other {you and # others}}',
    weekday: '{day, select, 0 {Sun} 1 {Mon} other {?}}',
    number: '{total, number} rows',
    tag: 'Read <b>{name}</b> now',
  });

  it('draws text, arguments, plurals, exact matches, offsets, selects and numbers', () => {
    const en = createIntl('en-US', messages);
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
  });

  it('has no "one" in Chinese', () => {
    const zh = createIntl('zh-Hans-CN', messages);
    expect(zh.formatMessage({ id: 'count' }, { count: 1 })).toBe('1 athletes');
    expect(pluralCategory('zh-Hant-HK', 1)).toBe('other');
    expect(pluralCategory('en-US', 1)).toBe('one');
    expect(pluralCategory('en-US', 1.5)).toBe('other');
  });

  it('shows the default message, else the id, for a message the catalogue lacks', () => {
    const en = createIntl('en-US', messages);
    expect(en.formatMessage({ id: 'round.QFNL', defaultMessage: 'Quarterfinal' })).toBe('Quarterfinal');
    expect(en.formatMessage({ id: 'nowhere' })).toBe('nowhere');
  });

  it('groups digits as both languages do', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(-1234567.25)).toBe('-1,234,567.25');
    expect(groupDigits(Number.NaN)).toBe('NaN');
  });

  it('draws React nodes and tags in place', () => {
    const markup = renderToStaticMarkup(
      <IntlProvider locale="en-US" messages={messages}>
        <FormattedMessage id="argument" values={{ column: <em>Time</em> }} />|
        <FormattedMessage id="tag" values={{ name: 'Li', b: (children) => <strong>{children}</strong> }} />
      </IntlProvider>,
    );
    expect(markup).toBe('Sort by <em>Time</em>|Read <strong>Li</strong> now');
  });

  it('draws every message of the site in every language without an element left over', () => {
    const sources = readCatalogues();
    const values = { count: 2, day: 3, month: 11, id: 7, name: 'N', column: 'C', total: 5200 };
    for (const [locale, catalogue] of [
      ['en-US', englishCatalogue],
      ['zh-Hans-CN', chineseCatalogue],
    ] as const) {
      const intl = createIntl(locale, catalogue);
      for (const id of Object.keys(sources.en_US!)) {
        const text = intl.formatMessage({ id }, values);
        expect(text, id).not.toMatch(/[{}]/);
        expect(text === id, `${locale} ${id} missing`).toBe(false);
      }
    }
  });
});
