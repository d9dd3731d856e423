/**
 * Issue 51: the mirror's export, as an operator runs it (`npm run export`, the compiled command,
 * reports included), on a small games (the demo's first swimming event: heats, semifinals, final).
 * Killed midway, the same command continues from its manifest, writes only what was missing, and
 * ends with a folder equal to a clean full export (file list and bytes) that says it is complete.
 * A report that always fails (the reports' CJK font missing) ends the export with the file and its
 * cause, exit 1, and a manifest saying the folder is incomplete; the next run writes it once it
 * renders.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { generateDemoGames, readProgramme } from '../../src/server/demo/index';
import { MANIFEST_FILE, readManifest, type ExportManifest } from '../../src/server/export/manifest';
import { openService } from '../../src/server/service';
import { operatorEnv, podium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

let dataDir: string;
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
/** The folder's manifest as the export itself reads it (undefined when there is none yet). */
const manifestOf = (out: string): ExportManifest | undefined => readManifest(out);
/** Every file of a mirror but its manifest, with its bytes. */
function tree(out: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== MANIFEST_FILE) files.set(relative(out, path), readFileSync(path));
    }
  };
  walk(out);
  return files;
}
/** Quick retries: the failing report below fails every try. */
const ENV = () => ({ PODIUM_DATA: dataDir, PODIUM_EXPORT_RETRY_DELAYS_MS: '50,50' });
const exportTo = (out: string, env: Record<string, string> = {}) => podium('export', [out], { ...ENV(), ...env });

beforeAll(async () => {
  await siteBuild();
  dataDir = folder('podium-resume-data-');
  const service = await openService({ dataDir, maxMessageBytes: 64 * 1024 * 1024 });
  const swimming = service.sports.filter((s) => s.code === 'SWM');
  const programme = readProgramme(join(ROOT, 'sports'), 'SWM');
  const programmes = new Map([['SWM', { ...programme, events: programme.events.slice(0, 1) }]]);
  for (const message of generateDemoGames(swimming, programmes))
    service.ingestor.ingest(Buffer.from(message.xml), `demo:${message.name}`, { deferDerive: true });
  service.ingestor.flush();
  service.close();
}, 600_000);

afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

describe('npm run export', () => {
  let clean: string;
  let cleanManifest: ExportManifest;

  it('writes a whole mirror, reports included, and says it is complete', () => {
    clean = folder('podium-export-clean-');
    const run = exportTo(clean);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('export: complete');
    cleanManifest = manifestOf(clean)!;
    expect(cleanManifest.complete).toBe(true);
    expect(cleanManifest.failures).toEqual([]);
    expect(Object.keys(cleanManifest.files).some((file) => /^\/reports\/SWM.*\.pdf$/.test(file))).toBe(true);
  }, 600_000);

  it('killed midway, continues from its manifest and ends equal to a clean export', async () => {
    const out = folder('podium-export-killed-');
    const pages = cleanManifest.pages.size;
    const child = spawn(process.execPath, [join(ROOT, 'bin/podium.mjs'), 'export', out], {
      cwd: ROOT,
      env: operatorEnv(ENV()),
      stdio: 'ignore',
    });
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Killed (as a crash or an operator's kill -9 would) once a third of the pages are on record.
    for (;;) {
      const written = manifestOf(out)?.pages.size ?? 0;
      if (written >= pages / 3) break;
      expect(child.exitCode, 'the export ended before it was killed').toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await ended;
    const stopped = manifestOf(out)!;
    expect(stopped.complete).toBe(false);
    const before = stopped.pages.size;
    expect(before).toBeLessThan(pages);

    const run = exportTo(out);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('export: continued the export stopped in');
    expect(run.stdout).toContain('export: complete');
    // Only what was missing: the pages on record before the kill were not rendered again.
    const rewritten = Number(/export: (\d+) of (\d+) pages/.exec(run.stdout)![1]);
    expect(rewritten).toBeLessThanOrEqual(pages - before);
    expect(manifestOf(out)!.complete).toBe(true);
    const [resumed, whole] = [tree(out), tree(clean)];
    expect([...resumed.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [file, bytes] of whole) expect(resumed.get(file)?.equals(bytes), file).toBe(true);
  }, 600_000);

  it('ends with the failing files and their cause when a report always fails, and writes them on the next run', () => {
    const out = folder('podium-export-failing-');
    // The reports' font missing: every report answers 503 with the reason, try after try (none kept
    // from the runs before: the service would answer those without rendering).
    rmSync(join(dataDir, 'reports'), { recursive: true, force: true });
    const run = exportTo(out, { PODIUM_CJK_FONT: '/nonexistent/font.ttc' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/export: \d+ files not written; the folder is incomplete/);
    expect(run.stderr).toMatch(/reports\/SWM\S*\.pdf: HTTP 503: .*font .* \(3 tries\)/);
    const failed = manifestOf(out)!;
    expect(failed.complete).toBe(false);
    expect(failed.failures.length).toBeGreaterThan(0);
    // The pages were all written all the same.
    expect(failed.pages.size).toBe(cleanManifest.pages.size);
    const again = exportTo(out);
    expect(again.status, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toContain('export: complete');
    const reports = (manifest: ExportManifest) =>
      Object.keys(manifest.files)
        .filter((f) => f.startsWith('/reports/'))
        .sort();
    expect(reports(manifestOf(out)!)).toEqual(reports(cleanManifest));
  }, 600_000);
});
