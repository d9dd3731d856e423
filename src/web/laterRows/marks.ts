/**
 * The marks a page's HTML carries for its later rows (laterRowsScript.ts): kept apart from the
 * script's builder and the components, so each takes only these names.
 */

/** On the `<tbody>` the later rows go into: the id of the `<noscript>` holding the whole table. */
export const LATER_ROWS_ATTRIBUTE = 'data-later-rows';
/** On the same `<tbody>`: how many of the whole table's body rows the page already shows. */
export const LATER_SKIP_ATTRIBUTE = 'data-later-skip';
/** On the part of the page that shows only the first rows: hidden when the browser runs no scripts. */
export const LATER_PARTIAL_ATTRIBUTE = 'data-later-partial';
/** The row that keeps the later rows' room until they are there (the rows below do not jump). */
export const LATER_SPACE_CLASS = 'later-rows-space';
/** The custom property on that row: how many rows it stands for. */
export const LATER_COUNT_PROPERTY = '--later-rows';
/** Rows moved in one task: a slice's style and layout stay well under a long task on a phone. */
export const LATER_ROWS_PER_TASK = 4;
/**
 * How far below the viewport the later rows' room is when they start coming in: a fling's first
 * tenth of a second. Less than what a phone's first screen leaves below it (the schedule's room
 * starts about 140 px under an 823 px screen), so a reader who does not scroll costs nothing.
 */
export const LATER_NEAR_MARGIN = '100px';
