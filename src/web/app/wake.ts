/**
 * The marks a page's HTML carries for its wake script (app/wakeScript.ts): when the script that
 * hydrates the page loads. Kept apart from the script's builder so the browser's bundle takes only
 * these names.
 */

/** On an element of a page that changes while read (a live unit): the page wakes once painted. */
export const WAKE_NOW_ATTRIBUTE = 'data-wake-now';
/** On an element that wakes the page when it nears the viewport (rows past those in the HTML). */
export const WAKE_VISIBLE_ATTRIBUTE = 'data-wake-visible';
/** Set on <html> by the root component once hydrated (Root.tsx); a held click waits for it. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
