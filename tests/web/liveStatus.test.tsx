import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from '../../src/web/i18n/intl';
import { BCP47, type LocaleId } from '../../src/web/i18n/locale';
import { LiveStatus } from '../../src/web/live/LiveStatus';
import englishCatalogue from '../../src/generated/messages/en_US';
import simplifiedCatalogue from '../../src/generated/messages/zh_CN';
import traditionalCatalogue from '../../src/generated/messages/zh_HK';

const CATALOGUES = { en_US: englishCatalogue, zh_CN: simplifiedCatalogue, zh_HK: traditionalCatalogue };
const NOW = Date.parse('2025-11-09T06:03:05Z');

/** The indicator's visible words (the screen readers' sentence left out), `secondsAgo` after an update. */
function shown(locale: LocaleId, secondsAgo: number): string {
  const markup = renderToStaticMarkup(
    <IntlProvider locale={BCP47[locale]} messages={CATALOGUES[locale]}>
      <LiveStatus live={{ state: 'live', updatedAt: NOW - secondsAgo * 1000 }} />
    </IntlProvider>,
  );
  return markup.replace(/<span class="sr-only".*?<\/span>/, '').replace(/<[^>]+>/g, '');
}

describe('the live indicator', () => {
  afterEach(() => vi.useRealTimers());

  it('says how long ago the last update came, in the words of each language', () => {
    vi.useFakeTimers({ now: NOW });
    expect([shown('en_US', 5), shown('zh_CN', 5), shown('zh_HK', 5)]).toEqual([
      'Live · updated 5 seconds ago',
      '实时 · 5秒钟前更新',
      '實時 · 5 秒前更新',
    ]);
    expect([shown('en_US', 1), shown('en_US', 0)]).toEqual([
      'Live · updated 1 second ago',
      'Live · updated 0 seconds ago',
    ]);
  });

  it("says the time of day, in the games' time zone, once a minute has passed", () => {
    vi.useFakeTimers({ now: NOW });
    expect([shown('en_US', 75), shown('zh_CN', 75)]).toEqual(['Live · updated at 2:01:50 PM', '实时 · 14:01:50更新']);
  });
});
