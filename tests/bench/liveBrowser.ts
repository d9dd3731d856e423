/**
 * bench:live's reader in a real browser: the live unit open in Chromium at a phone's width, as a
 * spectator leaves it, while the feed posts its versions and the other subscribers watch; the time
 * from each version's POST to its score on the page (DESIGN section 7: feed to the new text on a
 * reader's page, p99 at most 1 s).
 */
import type { Browser } from 'playwright-core';

/** The home side's score the feed gives version `version`: three digits no other text there has. */
export const scoreOf = (version: number): string => String(900 + (version % 100));

export interface ScreenWatch {
  /**
   * When each version's score was first on screen (ms since the epoch), by version: a version whose
   * score never showed (a later one came in the same refresh) counts as shown with the next shown.
   */
  stop(versions: readonly number[]): Promise<Map<number, number>>;
}

/** Opens `pageUrl` (a live unit page: it wakes and subscribes by itself) and watches its scoreboard. */
export async function watchScreen(browser: Browser, pageUrl: string): Promise<ScreenWatch> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(pageUrl);
  await page.waitForSelector('.live-status.live-live', { timeout: 15_000 });
  // As source text: tsx would wrap a named inner function in a helper the page does not have.
  await page.evaluate(`(() => {
    const seen = {};
    window.seenScores = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.scoreboard')?.textContent ?? '';
      for (const score of text.match(/\\b9\\d\\d\\b/g) ?? []) seen[score] ??= Date.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  return {
    async stop(versions) {
      const seen = await page.evaluate(() => (window as unknown as { seenScores: Record<string, number> }).seenScores);
      await context.close();
      const shown = new Map<number, number>();
      let next: number | undefined;
      for (const version of [...versions].sort((a, b) => b - a)) {
        const at = seen[scoreOf(version)];
        if (at !== undefined) next = next === undefined ? at : Math.min(next, at);
        if (next !== undefined) shown.set(version, next);
      }
      return shown;
    },
  };
}
