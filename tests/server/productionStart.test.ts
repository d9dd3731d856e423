/**
 * The build as an operator runs it (issue 45): a production install (the build, and only the
 * production dependencies) starts the compiled service in production mode and serves pages,
 * documents and /v.json; and an update of the sources is built before `npm start` serves it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { SAMPLES_DIR } from './helpers';
import { copyProject, removeProjectCopy } from '../support/projectCopy';
import { podium, startPodium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

const SAMPLE_GAMES = { PODIUM_COMPETITION_CODES: 'OG2024,OWG2022' };

/** The packages `npm ci --omit=dev` installs: the top-level folders of node_modules it keeps. */
function productionPackages(): string[] {
  const listed = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8' });
  const top = join(ROOT, 'node_modules') + sep;
  const names = listed.stdout
    .split('\n')
    .filter((path) => path.startsWith(top))
    .map((path) => relative(top, path).split(sep))
    // Nested installs come with the package that holds them.
    .map((parts) => (parts[0]!.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/'));
  return [...new Set(names)].sort();
}

/** The project's build into a copy of it (not a build in progress's lock). */
const copyBuild = (tree: string) =>
  cpSync(join(ROOT, 'dist'), join(tree, 'dist'), { recursive: true, filter: (path) => !path.endsWith('.build.lock') });

/** Environ of a process: what it was started with (a forked server gets its parent's process.env). */
const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
const childPids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe('a production install', () => {
  let tree: string | undefined;
  beforeAll(async () => {
    await siteBuild();
    tree = copyProject('podium-production-');
    // Only the production packages, and the build copied in (its modules then resolve packages from
    // the copy's node_modules, not from the project's full install).
    rmSync(join(tree, 'node_modules'), { recursive: true, force: true });
    for (const name of productionPackages()) {
      mkdirSync(dirname(join(tree, 'node_modules', name)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), join(tree, 'node_modules', name));
    }
    copyBuild(tree);
  }, 300_000);
  afterAll(() => removeProjectCopy(tree), 60_000);

  it('has none of the development tools', () => {
    for (const tool of ['tsx', 'vite', 'typescript', 'esbuild', 'vitest', 'ajv'])
      expect(existsSync(join(tree!, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(join(tree!, 'node_modules', 'react'))).toBe(true);
  });

  it('ingests, starts the compiled service in production mode and serves pages, documents and /v.json', async () => {
    const data = join(tree!, 'data');
    const ingest = podium('ingest', [SAMPLES_DIR], { PODIUM_DATA: data, ...SAMPLE_GAMES }, tree);
    expect(ingest.status, ingest.stderr).toBe(0);
    expect(ingest.stderr).not.toMatch(/building/);
    const service = await startPodium({ PODIUM_DATA: data, PODIUM_DEMO: '0', ...SAMPLE_GAMES }, tree);
    try {
      // No build was needed, and nothing but node runs it: the launcher, then the compiled servers.
      expect(service.log()).not.toMatch(/building/);
      const servers = childPids(service.pid);
      expect(servers).toHaveLength(2);
      for (const pid of [service.pid, ...servers]) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        expect(command).not.toMatch(/tsx|\.ts\0/);
      }
      // The servers were forked with the environment the compiled entry set: production mode.
      for (const pid of servers) expect(environ(pid)).toContain('NODE_ENV=production');
      expect(readFileSync(`/proc/${servers[0]}/cmdline`, 'utf8')).toContain(join(tree!, 'dist/server/start.js'));

      const version = await fetch(`${service.url}v.json`);
      expect(version.status).toBe(200);
      expect(((await version.json()) as { v: string }).v).toMatch(/^[0-9a-f]{12}$/);
      const schedule = await fetch(`${service.url}api/crs/odf/json/SCHEDULE/ALL`);
      expect(schedule.status).toBe(200);
      expect(((await schedule.json()) as { units: number }).units).toBeGreaterThan(0);
      const page = await fetch(`${service.url}schedule/total?lang=en_US`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<!doctype html>');
      // The page names the built client's script, and the asset is served.
      const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
      expect(script).toBeDefined();
      expect((await fetch(`${service.url}${script!.slice(1)}`)).status).toBe(200);
    } finally {
      await service.stop();
    }
  }, 180_000);

  it('refuses to start on a build older than the sources, saying what to do', () => {
    const source = join(tree!, 'src/server/config.ts');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\n// changed\n`);
    const start = podium('start', [], { PODIUM_DATA: join(tree!, 'data'), PODIUM_DEMO: '0' }, tree);
    expect(start.status).toBe(1);
    expect(start.stderr).toMatch(/no build tools .*npm ci && npm run build/);
  });
});

describe('npm start after an update', () => {
  let tree: string | undefined;
  beforeAll(async () => {
    await siteBuild();
    tree = copyProject('podium-update-');
    copyBuild(tree);
  }, 300_000);
  afterAll(() => removeProjectCopy(tree), 60_000);

  it('builds a changed client source before serving it', async () => {
    const env = { PODIUM_DATA: join(tree!, 'data'), PODIUM_DEMO: '0', PODIUM_WORKERS: '1' };
    // The copy of a current build serves at once.
    const before = await startPodium(env, tree);
    const oldVersion = ((await (await fetch(`${before.url}v.json`)).json()) as { v: string }).v;
    await before.stop();
    expect(before.log()).not.toMatch(/building/);

    const marker = `podium-update-${Date.now()}`;
    const entry = join(tree!, 'src/web/entry-client.tsx');
    writeFileSync(entry, `${readFileSync(entry, 'utf8')}\nconsole.info('${marker}');\n`);
    const after = await startPodium(env, tree, 300_000);
    try {
      expect(after.log()).toMatch(/building client/);
      const version = ((await (await fetch(`${after.url}v.json`)).json()) as { v: string }).v;
      expect(version).not.toBe(oldVersion);
      const html = await (await fetch(`${after.url}schedule/total`)).text();
      const script = /\/assets\/[\w.-]+\.js/.exec(html)![0];
      const assets = readdirSync(join(tree!, 'dist/client/assets')).filter((name) => name.endsWith('.js'));
      const served = assets.map((name) => readFileSync(join(tree!, 'dist/client/assets', name), 'utf8'));
      expect(served.some((text) => text.includes(marker))).toBe(true);
      expect((await fetch(`${after.url}${script.slice(1)}`)).status).toBe(200);
    } finally {
      await after.stop();
    }
  }, 400_000);
});
