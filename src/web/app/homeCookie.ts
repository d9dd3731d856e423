/**
 * Set on the redirect from `/` for a desktop agent, so the browser applies the width rule once. Its
 * own module: the boot script's hash (app/wakeScript.ts) names it, and the serving thread computes
 * that hash without loading the routes (the pages' modules load in the render threads).
 */
export const HOME_COOKIE = 'podium-home';
