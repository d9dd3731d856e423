import { Component, loader as unitLoader } from '../unit';

/**
 * A unit's embed (`/embed/{unit}`, pages/embed/index.tsx): the unit page itself, its data and its
 * drawing (its scoreboard, and the tab it opens on: the result once there is one, `?tab=` another);
 * in an embed its tabs are not shown (styles.css), the page's other tabs being the site's.
 */
export const loader = unitLoader;
export const View = Component;
