/**
 * Issue 16, item 5: the header's search finds an athlete, a delegation or a sport by name in any
 * of the three languages, by pinyin and in Traditional characters, and is driven from the keyboard.
 * Debian's Chromium against the real service with the demo games.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openHydrated, siteAndBrowserFor } from '../support/e2e';

const e2e = siteAndBrowserFor();

/** An athlete of the demo games with a Chinese and an English (pinyin) name. */
function anAthlete(): { code: string; english: string; chinese: string } {
  const lines = e2e.site.service.store.json<{ athletes: string[][] }>('COMPETITORS', 'INDIVIDUALS')!.athletes;
  const line = lines.find((l) => l[4] && l[5] && l[6] && l[7] && l[3] === 'SWM')!;
  return { code: line[0]!, english: `${line[4]} ${line[5]}`, chinese: `${line[6]}${line[7]}` };
}

/** Types into the header's search (focused with "/") and gives the hits as "kind name" lines. */
async function typeSearch(page: Page, text: string): Promise<string[]> {
  await page.keyboard.press('/');
  await page.keyboard.type(text);
  await page.locator('.search-hits:not([hidden]) li').first().waitFor();
  return page
    .locator('.search-hit')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector('.search-kind')!.textContent} ${item.querySelector('.search-name')!.textContent}`,
      ),
    );
}

async function search(width: number, lang: string, text: string): Promise<string[]> {
  const context = await e2e.browser.newContext({ viewport: { width, height: 800 } });
  try {
    const page = await context.newPage();
    await openHydrated(page, `${e2e.base}/medal/ranking?lang=${lang}`);
    return await typeSearch(page, text);
  } finally {
    await context.close();
  }
}

describe('search', () => {
  it('finds a delegation by Chinese, Traditional, English and pinyin', async () => {
    expect(await search(1280, 'zh_CN', '广东')).toContain('代表团 广东');
    expect(await search(390, 'zh_HK', '廣東')).toContain('代表團 廣東');
    expect(await search(390, 'en_US', 'Guangdong')).toContain('Delegation Guangdong');
    expect(await search(1280, 'zh_CN', 'guangdong')).toContain('代表团 广东');
  });

  it('finds a sport by Chinese, English and pinyin', async () => {
    expect((await search(1280, 'zh_CN', '游泳'))[0]).toBe('项目 游泳');
    expect((await search(1280, 'en_US', 'swimming'))[0]).toBe('Sport Swimming');
    expect((await search(390, 'zh_CN', 'youyong'))[0]).toBe('项目 游泳');
  });

  it('finds an athlete by Chinese name, pinyin with or without a space, and English given name first', async () => {
    const athlete = anAthlete();
    const [family, given] = athlete.english.split(' ') as [string, string];
    expect(await search(1280, 'zh_CN', athlete.chinese)).toContain(`运动员 ${athlete.chinese}`);
    expect(await search(1280, 'en_US', `${family}${given}`.toLowerCase())).toContain(`Athlete ${athlete.english}`);
    expect(await search(390, 'en_US', `${given} ${family}`)).toContain(`Athlete ${athlete.english}`);
  });

  it('is driven from the keyboard: arrows choose, Enter opens, Escape closes', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await openHydrated(page, `${e2e.base}/medal/ranking?lang=en_US`);
      await typeSearch(page, 'youyong');
      const box = page.locator('.site-search input');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      const active = page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`);
      expect(await active.getAttribute('aria-selected')).toBe('true');
      expect(await active.locator('.search-name').textContent()).toBe('Swimming');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/discipline\/[A-Z0-9]{3}\/schedule/);
      await page.locator('h1', { hasText: 'Swimming' }).waitFor();
      // Escape closes the list; Enter with no hit chosen opens the full results.
      await typeSearch(page, 'guang');
      await page.keyboard.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/search?q=guang');
      await page.locator('.search-results li').first().waitFor();
      expect(await page.locator('.search-results a', { hasText: 'Guangdong' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
