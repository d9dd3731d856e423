import { createHash } from 'node:crypto';
import { wakeScriptCode } from './wakeScript';

/**
 * The CSP source that allows the boot script: its SHA-256, the same for every page of a build (the
 * page has no other executable inline script, and its scripts are an attribute), so a page's HTML and
 * headers can be cached; none without scripts. Server-only, and apart from entry-server: the serving
 * thread computes it without loading React and the pages' modules (the render threads load those).
 */
export function bootScriptHash(scripts: readonly string[]): string | undefined {
  if (scripts.length === 0) return undefined;
  return `'sha256-${createHash('sha256').update(wakeScriptCode()).digest('base64')}'`;
}
