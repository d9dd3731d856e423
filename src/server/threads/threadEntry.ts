import { basename } from 'node:path';

/** How a thread is started: the module it runs, and whether it must first register tsx (boot.mjs). */
export interface ThreadEntry {
  readonly url: URL;
  readonly throughTsx: boolean;
}

/** Whether this code runs from the build (dist/server/*.js) rather than its TypeScript sources under tsx. */
export const COMPILED = import.meta.url.endsWith('.js');

/**
 * The module a thread runs, named by its TypeScript source (`new URL('./renderThread.ts', import.meta.url)`).
 * The build (scripts/build/serverBuild.ts) writes every thread entry beside its chunks in one flat
 * folder as `<name>.js`, started as it is; under tsx (development, tests) the source is started
 * through boot.mjs, since a worker thread does not inherit tsx's loader on Node 20.
 */
export function threadEntry(source: URL): ThreadEntry {
  if (!COMPILED) return { url: source, throughTsx: true };
  return { url: new URL(`./${basename(source.pathname, '.ts')}.js`, import.meta.url), throughTsx: false };
}
