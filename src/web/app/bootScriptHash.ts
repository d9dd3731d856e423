import { createHash } from 'node:crypto';
import { wakeScriptCode } from './wakeScript';

/**
 * The CSP source that allows the boot script: its SHA-256, the same for every page of every build
 * (the page has no other executable inline script, and its scripts are an attribute), so a page's
 * HTML and headers can be cached. Every page has the script, with or without the client's build: it
 * also brings in a long table's later rows (laterRows/). Server-only, and apart from entry-server:
 * the serving thread computes it without loading React and the pages' modules (the render threads
 * load those).
 */
export function bootScriptHash(): string {
  return `'sha256-${createHash('sha256').update(wakeScriptCode()).digest('base64')}'`;
}
