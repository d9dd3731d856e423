/**
 * bench:live's reader in a real browser: the live unit open in Chromium at a phone's width, as a
 * spectator leaves it, and the time from each new version's POST to its score on screen (DESIGN
 * section 7: feed to the new text on a reader's page, p99 at most 1 s).
 */
import type { Browser } from 'playwright-core';

export interface ScreenTimes {
  /** Ms from each POST's sending to the new score in the page's scoreboard (Infinity: not within the wait). */
  readonly ms: number[];
}

/** How long one update may take before it counts as not seen. */
const WAIT_MS = 15_000;

/**
 * Opens `pageUrl` (a live unit page: it wakes and subscribes by itself), then `updates` times
 * posts the next version with a score no version had (`post(score)`, resolved once sent) and
 * waits for it in the scoreboard.
 */
export async function feedToScreen(
  browser: Browser,
  pageUrl: string,
  post: (score: number) => Promise<unknown>,
  { updates = 20, firstScore = 7001, pauseMs = 1000 } = {},
): Promise<ScreenTimes> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.goto(pageUrl);
    await page.waitForSelector('.live-status.live-live', { timeout: WAIT_MS });
    const ms: number[] = [];
    for (let i = 0; i < updates; i += 1) {
      const score = firstScore + i;
      const seen = page
        .waitForFunction((s) => (document.querySelector('.scoreboard')?.textContent ?? '').includes(String(s)), score, {
          timeout: WAIT_MS,
          polling: 'raf',
        })
        .then(
          () => performance.now(),
          () => Number.POSITIVE_INFINITY,
        );
      const sent = performance.now();
      await post(score);
      ms.push((await seen) - sent);
      // The feed's pace: a new version a second, as a live game's relay sends them.
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    return { ms };
  } finally {
    await context.close();
  }
}
