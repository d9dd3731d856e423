import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from './helpers';
import { podium, startPodium } from '../support/podiumProcess';

/** The CompetitionCodes of the real samples (Paris 2024 and Beijing 2022). */
const SAMPLE_GAMES = { PODIUM_COMPETITION_CODES: 'OG2024,OWG2022' };

/** The operators' commands as they run them: the compiled build in production mode (support/podiumProcess.ts). */
describe('the commands', () => {
  // Every folder the commands write is removed afterwards (an export is most of a gigabyte).
  const made: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  // An export is most of a gigabyte: removing it takes seconds on a busy machine.
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }, 120_000);
  const data = tempDir('podium-data-');

  it('npm run ingest loads a folder, reports each message it does not store, and exits 1 on a rejection', () => {
    // The samples are of other games: refused until the operator names their CompetitionCodes.
    const elsewhere = podium('ingest', [SAMPLES_DIR], { PODIUM_DATA: data });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toMatch(/0 stored, 0 unchanged, 0 ignored \(older\), 9 rejected/);
    expect(elsewhere.stdout).toMatch(/CompetitionCode "OG2024" is not this games' \(NG2025\)/);
    const first = podium('ingest', [SAMPLES_DIR], { PODIUM_DATA: data, ...SAMPLE_GAMES });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/9 message\(s\) in \d+ ms: 9 stored, 0 unchanged, 0 ignored \(older\), 0 rejected/);
    const again = podium('ingest', [SAMPLES_DIR], { PODIUM_DATA: data, ...SAMPLE_GAMES });
    expect(again.stderr).toMatch(/0 stored, 9 unchanged/);
    const broken = join(tempDir('podium-bad-'), 'broken.xml');
    writeFileSync(broken, '<OdfBody DocumentType="DT_RESULT"');
    const bad = podium('ingest', [broken], { PODIUM_DATA: data });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`${broken}: rejected: not well-formed XML`);
  });

  it('npm start serves the stored data, and a second start reuses it', async () => {
    for (let start = 0; start < 2; start += 1) {
      const service = await startPodium({ PODIUM_DATA: data });
      try {
        expect(service.log()).toMatch(/serving \d+ documents from/);
        const res = await fetch(`${service.url}api/crs/odf/json/SCHEDULE/ALL`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { units: number }).units).toBe(643);
      } finally {
        await service.stop();
      }
    }
  }, 150_000);

  it('npm start with PODIUM_PUBLISH_DIR: what either process answers through the proxy is published, by one', async () => {
    const published = tempDir('podium-published-');
    const service = await startPodium({
      PODIUM_DATA: data,
      PODIUM_PUBLISH_DIR: published,
      NODE_CLUSTER_SCHED_POLICY: 'rr',
    });
    try {
      // New connections, handed to the two processes in turn (the cluster's round robin, chosen
      // here so that both answer; `npm start` lets the kernel choose: src/server/cli/start.ts).
      const viaProxy = (path: string) =>
        new Promise<number>((resolve, reject) =>
          httpGet(
            `${service.url}${path.slice(1)}`,
            { agent: false, headers: { 'X-Forwarded-For': '203.0.113.9' } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          ).on('error', reject),
        );
      for (let i = 0; i < 4; i += 1) {
        expect(await viaProxy('/api/crs/odf/json/SCHEDULE/ALL')).toBe(200);
        expect(await viaProxy('/schedule/total')).toBe(200);
      }
      const slot = String(Math.floor(Date.now() / 1_000_000));
      const files = [
        join(published, slot, 'documents/live/api/crs/odf/json/SCHEDULE/ALL'),
        join(published, slot, 'pages/zh_CN/schedule/total/index.html'),
      ];
      for (let tries = 0; tries < 100 && !files.every((file) => existsSync(file)); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(files.filter((file) => !existsSync(file))).toEqual([]);
      expect((JSON.parse(readFileSync(files[0]!, 'utf8')) as { units: number }).units).toBe(643);
      expect(readFileSync(files[1]!, 'utf8')).toContain('<!doctype html>');
      // Asked directly (no proxy), a document is the service's own answer, not published.
      expect((await fetch(`${service.url}api/crs/commonCode/disciplineTree`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(join(published, slot, 'documents/live/api/crs/commonCode/disciplineTree'))).toBe(false);
    } finally {
      await service.stop();
    }
    // The files stay for nginx to send while the service is down: the slot's, and the last copies.
    const kept = readdirSync(published);
    expect(kept).toHaveLength(2);
    expect(kept.filter((name) => name !== 'last')).toEqual([expect.stringMatching(/^\d+$/)]);
  }, 150_000);

  it('npm run export writes every document at the URL the service answers it', () => {
    const out = tempDir('podium-export-');
    // Its pages too (tests/e2e/mirror.test.ts serves them); the PDF reports are left to that test's kind.
    const result = podium('export', [out, '--no-reports'], { PODIUM_DATA: data });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/export: \d+ of \d+ pages, \d+ of \d+ documents/);
    // Its pages by kind (count and megabytes) add up to the pages it wrote, none of them unrecognised.
    const written = Number(/export: (\d+) of \d+ pages/.exec(result.stdout)![1]);
    const lines = result.stdout.split('\n');
    const kinds = lines
      .slice(lines.findIndex((line) => line.startsWith('export: pages written by kind')) + 1)
      .filter((line) => line.startsWith('  '))
      .map((line) => /^ {2}(.+?)\s+([\d,]+)\s+([\d.]+)$/.exec(line)!);
    expect(kinds.map((k) => k[1])).toEqual(expect.arrayContaining(['competitor', 'schedule', 'medal']));
    expect(kinds.map((k) => k[1])).not.toContain('other');
    expect(kinds.reduce((sum, k) => sum + Number(k[2]!.replaceAll(',', '')), 0)).toBe(written);
    expect(kinds.reduce((sum, k) => sum + Number(k[3]), 0)).toBeGreaterThan(0);
    expect(result.stdout).toContain('export: complete');
    const schedule = JSON.parse(readFileSync(join(out, 'api/crs/odf/json/SCHEDULE/ALL'), 'utf8')) as { units: number };
    expect(schedule.units).toBe(643);
    expect(existsSync(join(out, 'api/crs/odf/json/DT_SCHEDULE/ATH-------------------------------'))).toBe(true);
    expect(existsSync(join(out, 'api/crs/commonCode/disciplineTree'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'v.json'), 'utf8'))).toHaveProperty('v');
  }, 300_000);
});
