/**
 * What the end-to-end files share: Debian's Chromium with the headless flags, the service with the
 * demo games and the production build on loopback, and helpers to open a page, watch its console
 * and run axe-core.
 */
import { readFileSync } from 'node:fs';
import { beforeAll } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openDemoService } from './demoService';
import { siteBuild } from './siteBuild';

/** The flags of the README for Debian's Chromium; no browser is downloaded. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchChromium = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });

export interface RunningSite {
  service: Service;
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** The demo games served with the production build on a free loopback port. */
export async function startSite(version: string, env: Record<string, string> = {}): Promise<RunningSite> {
  const dist = await siteBuild();
  const service = await openDemoService();
  const server = createPodiumServer(service, { config: readConfig(env), distDir: dist, version });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    service,
    server,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      service.close();
    },
  };
}

/**
 * Wakes a page served as HTML and waits until React has hydrated it (`<html data-hydrated>`): a
 * page loads its script on the reader's first intent (app/wakeScript.ts), and a key press is one.
 */
export async function untilHydrated(page: Page) {
  await page.keyboard.press('Shift');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** Opens a page and wakes it, as a reader who starts using it (`untilHydrated`). */
export async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await untilHydrated(page);
  return response;
}

/** Console errors and warnings (React's hydration warnings among them) and uncaught errors of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations of the page (its context must bypass the CSP). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: Document,
            options?: { resultTypes: string[] },
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    // Violations only: collecting the passes and the incomplete checks is most of axe's time.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/** The demo site and a browser, shared by the end-to-end files. */
export interface SiteAndBrowser {
  readonly site: RunningSite;
  readonly browser: Browser;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

/**
 * One demo site and one Chromium for every end-to-end file of a run: vitest's e2e project runs its
 * files in one worker without isolation (vitest.config.ts), so this module, and what it started, is
 * the same for each file. Files read the demo store and open their own browser contexts; a file that
 * ingests or needs other browser flags starts its own (`startSite`, `launchChromium`). Both end with
 * the worker (Playwright closes the browsers it launched when its process exits).
 */
let sharedSite: Promise<RunningSite> | undefined;
let sharedBrowser: Promise<Browser> | undefined;

/** A public host name that resolves to loopback in the shared browser: the site as spectators see it, not on localhost. */
export const PUBLIC_TEST_HOST = 'results.test';
/** The shared site's admin token (its internal pages and writes are on). */
export const E2E_ADMIN_TOKEN = 'e2e-token';

/** The run's shared Chromium. */
export const sharedChromium = (): Promise<Browser> =>
  (sharedBrowser ??= launchChromium([`--host-resolver-rules=MAP ${PUBLIC_TEST_HOST} 127.0.0.1`]));

/** Registers the file's `beforeAll`; read the fields inside tests (they are set by then). */
export function siteAndBrowserFor(): SiteAndBrowser {
  const shared = {} as { site: RunningSite; browser: Browser; base: string };
  beforeAll(async () => {
    shared.site = await (sharedSite ??= startSite('e2e', { PODIUM_ADMIN_TOKEN: E2E_ADMIN_TOKEN }));
    shared.base = `http://127.0.0.1:${shared.site.port}`;
    shared.browser = await sharedChromium();
  }, 600_000);
  return shared;
}
