/**
 * Ingest under hostile or clumsy feeds: a message far over the size limit, a flood of old versions,
 * and two ingest commands loading the same folder into the same store at once. Nothing is lost,
 * nothing is corrupted, and each rejection says why.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { openService, type Service } from '../../src/server/service';
import { MB, odf, snapshot, UNIT } from './helpers';

const opened: Service[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function service(maxMessageBytes = 32 * MB): Promise<Service> {
  const opened_ = await openService({ dataDir: ':memory:', maxMessageBytes });
  opened.push(opened_);
  return opened_;
}

const result = (version: number, rank: string) =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: String(version), ResultStatus: 'LIVE' },
    `<Competition><Result Rank="${rank}" Result="52.${version}"><Competitor Code="1" Type="A" Organisation="GDG"/></Result></Competition>`,
  );

describe('ingest under hostile feeds', () => {
  it('refuses a 50 MB message before parsing it, and keeps the store as it was', async () => {
    const store = await service();
    expect(store.ingestor.ingest(result(1, '1'), 'test').outcome).toBe('stored');
    const before = snapshot(store);
    const huge = Buffer.concat([result(2, '1').subarray(0, 200), Buffer.alloc(50 * MB, 0x20)]);
    const outcome = store.ingestor.ingest(huge, 'huge.xml');
    expect(outcome.outcome).toBe('rejected');
    if (outcome.outcome === 'rejected') expect(outcome.error.message).toMatch(/over the limit of 33554432 bytes/);
    expect(snapshot(store)).toBe(before);
  });

  it('ignores a flood of older versions, says so for each, and keeps the newest', async () => {
    const store = await service();
    expect(store.ingestor.ingest(result(5000, '1'), 'test').outcome).toBe('stored');
    const before = snapshot(store);
    for (let version = 1; version < 2000; version += 1) {
      const outcome = store.ingestor.ingest(result(version, '9'), `old-${version}`);
      expect(outcome.outcome).toBe('ignored');
      if (outcome.outcome === 'ignored') expect(outcome.reason).toMatch(/lower|older/i);
    }
    expect(snapshot(store)).toBe(before);
    expect(store.store.json<{ Version: string }>('DT_RESULT', UNIT)?.Version).toBe('5000');
  });

  it('two ingests of the same folder at once store every document once, at its newest version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-twice-'));
    dirs.push(dir);
    const folder = join(dir, 'feed');
    mkdirSync(folder);
    // 120 messages: 40 units, three versions each, written out of order.
    const units = Array.from(
      { length: 40 },
      (_, i) => `SWMM100MFR------------HEAT${String(i + 1).padStart(4, '0')}00--`,
    );
    let n = 0;
    for (const version of [2, 3, 1]) {
      for (const unit of units) {
        n += 1;
        writeFileSync(
          join(folder, `${String(n).padStart(4, '0')}.xml`),
          odf(
            { DocumentType: 'DT_RESULT', DocumentCode: unit, Version: String(version), ResultStatus: 'OFFICIAL' },
            `<Competition><Result Rank="1" Result="5${version}.00"><Competitor Code="${version}" Type="A" Organisation="GDG"/></Result></Competition>`,
          ),
        );
      }
    }
    const data = join(dir, 'data');
    const run = () =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/ingest.ts', folder],
          {
            cwd: ROOT,
            env: { ...process.env, PODIUM_DATA: data },
          },
        );
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => resolve({ code, err }));
      });
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.code, first.err).toBe(0);
    expect(second.code, second.err).toBe(0);
    const store = await openService({ dataDir: data, maxMessageBytes: 32 * MB });
    opened.push(store);
    for (const unit of units) {
      const doc = store.store.get('DT_RESULT', unit);
      expect(doc?.version, unit).toBe(3);
      expect(store.store.json<{ Version: string }>('DT_RESULT', unit)?.Version).toBe('3');
    }
    // Every message received by either command is in the log: nothing was dropped.
    expect((store.db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n).toBeGreaterThanOrEqual(
      120,
    );
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 120_000);
});
