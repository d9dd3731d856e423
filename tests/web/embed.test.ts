/**
 * The embeds' pure parts (issue 49): which pages offer which embed and the control they get, the
 * snippet's HTML (escaped, its listener believing the site's origin only), and the names an embed
 * route takes. Drawn in Chromium by tests/e2e/embed.test.ts.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  EMBED_OFFER_PREFIX,
  embedControlHtml,
  offeredEmbed,
  withEmbedControl,
  type EmbedControlPage,
} from '../../src/web/embed/control';
import { embedSnippet, EMBED_INITIAL_HEIGHT } from '../../src/web/embed/snippet';
import { EMBED_SLOT_CLASS } from '../../src/web/embed/slot';
import { embedKind, fullPage } from '../../src/web/embed/kind';
import en_US from '../../src/web/i18n/messages/en_US.json';

const UNIT = 'FBLMU20---------------SFNL000100--';

const page = (routeId: string, loaderData: Record<string, unknown> = {}): EmbedControlPage => ({
  matches: [{ route: { id: 'root' } }, { route: { id: 'shell' } }, { route: { id: routeId } }],
  loaderData,
  locale: 'en_US',
  messages: en_US,
});

describe('the Embed control', () => {
  it('is offered by the medal table and a unit found, by no other page', () => {
    expect(offeredEmbed(page('medal/ranking'))).toBe('medals');
    const header = { code: UNIT, sport: { ENG: 'Football' }, unit: { ENG: 'Semifinal' } };
    expect(offeredEmbed(page(':documentCode', { ':documentCode': { header, tabs: [] } }))).toBe(UNIT);
    // A unit's 404 has no data; other pages offer nothing.
    expect(offeredEmbed(page(':documentCode'))).toBeUndefined();
    for (const id of ['schedule/total', 'medal/medalists', ':sport/:page'])
      expect(offeredEmbed(page(id))).toBeUndefined();
  });

  it('links to the embed’s offer in the page’s language, and goes in the slot only', () => {
    const header = { code: UNIT, sport: { ENG: 'Football' } };
    const control = embedControlHtml(page(':documentCode', { ':documentCode': { header, tabs: [] } }))!;
    expect(control).toBe(`<p class="embed-offer"><a href="${EMBED_OFFER_PREFIX}${UNIT}">Embed</a></p>`);
    const markup = `<main><div class="${EMBED_SLOT_CLASS}"></div></main>`;
    expect(withEmbedControl(markup, control)).toBe(`<main><div class="${EMBED_SLOT_CLASS}">${control}</div></main>`);
    expect(withEmbedControl(markup, undefined)).toBe(markup);
    expect(withEmbedControl('<main></main>', control)).toBe('<main></main>');
    expect(embedControlHtml(page('schedule/total'))).toBeUndefined();
  });
});

describe('the snippet', () => {
  it('frames the embed at its first height and sizes only the frame that posted, from the site only', () => {
    const snippet = embedSnippet(new URL('https://results.example.org/embed/medals?lang=zh_HK'), 'Medals');
    expect(snippet).toContain(
      `<iframe src="https://results.example.org/embed/medals?lang=zh_HK" title="Medals" style="width:100%;height:${EMBED_INITIAL_HEIGHT}px;border:0" loading="lazy"></iframe>`,
    );
    const listener = /<script>([\s\S]*)<\/script>/.exec(snippet)![1]!;
    const frames = [
      { contentWindow: 'one', style: { height: '' } },
      { contentWindow: 'two', style: { height: '' } },
    ];
    let handler: ((event: { origin: string; source: string; data: unknown }) => void) | undefined;
    // Run as the framing page runs it, with its frames and its message listener.
    runInNewContext(listener, {
      addEventListener: (_type: string, f: typeof handler) => (handler = f),
      document: { getElementsByTagName: () => frames },
    });
    handler!({ origin: 'https://elsewhere.example', source: 'one', data: { type: 'podium-embed-height', height: 99 } });
    handler!({ origin: 'https://results.example.org', source: 'two', data: { type: 'other', height: 98 } });
    handler!({
      origin: 'https://results.example.org',
      source: 'two',
      data: { type: 'podium-embed-height', height: 'x' },
    });
    expect(frames.map((f) => f.style.height)).toEqual(['', '']);
    handler!({
      origin: 'https://results.example.org',
      source: 'two',
      data: { type: 'podium-embed-height', height: 720 },
    });
    expect(frames.map((f) => f.style.height)).toEqual(['', '720px']);
  });
});

describe('the embed route', () => {
  it('takes the medal table, the schedule and unit codes, nothing else', () => {
    expect(embedKind('medals')).toBe('medals');
    expect(embedKind('schedule')).toBe('schedule');
    expect(embedKind(UNIT)).toBe('unit');
    for (const name of ['', 'medal', 'MEDALS', 'schedule/total', UNIT.slice(1), `${UNIT}/x`])
      expect(embedKind(name), name).toBeUndefined();
  });

  it('links to the site’s page of what it shows, in its language', () => {
    expect(fullPage('medals', 'medals', '?sort=total', 'zh_HK')).toBe('/medal/ranking?lang=zh_HK');
    expect(fullPage('unit', UNIT, '?tab=result&lang=zh_CN', 'en_US')).toBe(`/${UNIT}?lang=en_US`);
    expect(fullPage('schedule', 'schedule', '?discipline=SWM&date=2025-11-15&q=x', 'en_US')).toBe(
      '/schedule/daily?date=2025-11-15&discipline=SWM&lang=en_US',
    );
  });
});
