/**
 * What the end-to-end files share: Debian's Chromium with the headless flags, the service with the
 * demo games and the production build on loopback, and helpers to open a page, watch its console
 * and run axe-core.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
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
          run: (c: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/** The demo site and a browser for one end-to-end file: started before its tests, closed after. */
export interface SiteAndBrowser {
  readonly site: RunningSite;
  readonly browser: Browser;
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
}

/** Registers the file's `beforeAll`/`afterAll`; read the fields inside tests (they are set by then). */
export function siteAndBrowserFor(version: string): SiteAndBrowser {
  const shared = {} as { site: RunningSite; browser: Browser; base: string };
  beforeAll(async () => {
    shared.site = await startSite(version);
    shared.base = `http://127.0.0.1:${shared.site.port}`;
    shared.browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await shared.browser?.close();
    await shared.site?.close();
  });
  return shared;
}
