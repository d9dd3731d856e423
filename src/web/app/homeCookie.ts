/**
 * Set on the redirect from `/` for a desktop agent, so the browser applies the width rule once. Its
 * own module: the boot script (app/wakeScript.ts) reads it, and the serving thread hashes that
 * script without loading the routes (the pages' modules load in the render threads).
 */
export const HOME_COOKIE = 'podium-home';
