import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { migrate } from '../../src/server/store/database';
import { MessageLog } from '../../src/server/store/messageLog';
import { MIGRATIONS } from '../../src/server/store/migrations';
import { MB, odf, UNIT } from '../server/helpers';

/**
 * Issue 15, item 6: every message received is kept with its outcome and reason, rejected ones too,
 * with its bytes as received, within configurable limits; `npm run messages` lists and replays them.
 */
const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Row {
  outcome: string;
  reason: string | null;
  error: string | null;
  type: string | null;
  version: number | null;
  size: number;
  body: Buffer | null;
}
const rows = (service: Service): Row[] =>
  service.db
    .prepare('SELECT outcome, reason, error, type, version, size, body FROM messages ORDER BY id')
    .all() as Row[];

const result = (version: number, rank = 1, extra: Record<string, string> = {}) =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: String(version), ResultStatus: 'LIVE', ...extra },
    `<Competition><Result Rank="${rank}" Result="48.${version}" SortOrder="1"><Competitor Code="1001" Type="A" Organisation="GDG"/></Result></Competition>`,
  );

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'podium-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the message log', () => {
  it('keeps every message posted, whatever became of it, with its reason and its bytes as received', async () => {
    const dataDir = tempDir();
    const service = await openService({ dataDir, maxMessageBytes: 4096 });
    const token = 'message-log-test-token';
    const server = createPodiumServer(service, {
      config: readConfig({ PODIUM_ADMIN_TOKEN: token, PODIUM_DATA: dataDir, PODIUM_MAX_MESSAGE_MB: String(4096 / MB) }),
      distDir: '/nonexistent-dist',
      version: 'test',
      threads: { render: 0, ingest: true },
    });
    await server.ready;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = async (body: Buffer) =>
      (
        await fetch(`${base}/api/internal/odf`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: new Uint8Array(body),
        })
      ).status;
    const evil = odf({ DocumentType: 'DT_EVIL', DocumentCode: UNIT, Version: '1' });
    const invalidUtf8 = Buffer.from([...Buffer.from('<?xml version="1.0" encoding="UTF-8"?><OdfBody>'), 0xff, 0xfe]);
    const sent = [result(2), result(2), result(1), evil, invalidUtf8, Buffer.alloc(5000, 0x20)];
    try {
      const statuses: number[] = [];
      for (const body of sent) statuses.push(await post(body));
      expect(statuses).toEqual([201, 200, 200, 400, 400, 413]);
      service.store.refresh();
      const log = rows(service);
      expect(log.map(({ outcome, error, type, version }) => ({ outcome, error, type, version }))).toEqual([
        { outcome: 'stored', error: null, type: 'DT_RESULT', version: 2 },
        { outcome: 'unchanged', error: null, type: 'DT_RESULT', version: 2 },
        { outcome: 'ignored', error: null, type: 'DT_RESULT', version: 1 },
        { outcome: 'rejected', error: 'unknown-type', type: null, version: null },
        { outcome: 'rejected', error: 'bad-encoding', type: null, version: null },
        { outcome: 'rejected', error: 'too-large', type: null, version: null },
      ]);
      expect(log[1]!.reason).toBe('Version 2 is already stored');
      expect(log[2]!.reason).toBe('Version 1 is older than the stored Version 2');
      expect(log[3]!.reason).toMatch(/DT_EVIL/);
      // The bytes as received, even those that are not valid text; not those refused for their size.
      for (const [i, body] of sent.slice(0, 5).entries()) expect(log[i]!.body).toEqual(body);
      expect(log[5]!.body).toBeNull();
      expect(log[5]!.size).toBeGreaterThan(4096);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      service.close();
    }
  });

  it('lists messages and replays one refused before the configuration was put right (npm run messages)', async () => {
    const dataDir = tempDir();
    const env = { ...process.env, PODIUM_DATA: dataDir, PODIUM_COMPETITION_CODES: 'NG2025' };
    const messages = (args: string[], extra: Record<string, string> = {}) =>
      run(TSX, ['src/server/cli/messages.ts', ...args], { cwd: ROOT, env: { ...env, ...extra } });
    const refused = result(2, 3, { CompetitionCode: 'NG2025X' });
    const before = await openService({ dataDir, maxMessageBytes: MB, competitionCodes: ['NG2025'] });
    expect(before.ingestor.ingest(result(1, 1, { CompetitionCode: 'NG2025' }), 'feed').outcome).toBe('stored');
    expect(before.ingestor.ingest(refused, 'feed').outcome).toBe('rejected');
    before.close();

    const list = await messages(['list', '--outcome', 'rejected']);
    expect(list.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^#2 \S+ rejected DT_RESULT SWMM100MFR-+FNL-000100-- v2 \d+ B from feed: CompetitionCode "NG2025X" is not this games'/,
      ),
    ]);
    // Refused again while the configuration still refuses it: exit 1, and logged again.
    const again = await messages(['replay', '2']).catch((error: { code: number; stdout: string }) => error);
    expect('code' in again && again.code).toBe(1);
    expect(again.stdout).toMatch(/^#2: rejected: CompetitionCode "NG2025X"/);
    // The operator adds the code and replays what was refused: stored once, the duplicate unchanged.
    const replay = await messages(['replay', '--outcome', 'rejected', '--code', UNIT], {
      PODIUM_COMPETITION_CODES: 'NG2025,NG2025X',
    });
    expect(replay.stdout.trim().split('\n')).toEqual([
      `#2: stored: DT_RESULT ${UNIT} Version 2`,
      '#3: unchanged: Version 2 is already stored',
    ]);
    const after = await openService({ dataDir, maxMessageBytes: MB });
    try {
      expect(after.store.get('DT_RESULT', UNIT)?.version).toBe(2);
      expect(after.store.get('DT_RESULT', UNIT)?.body).toContain('"Rank":"3"');
      const replayed = after.db
        .prepare("SELECT source, outcome FROM messages WHERE source LIKE 'replay:%' ORDER BY id")
        .all();
      expect(replayed).toEqual([
        { source: 'replay:2', outcome: 'rejected' },
        { source: 'replay:2', outcome: 'stored' },
        { source: 'replay:3', outcome: 'unchanged' },
      ]);
      const shown = await run(TSX, ['src/server/cli/messages.ts', 'show', '2'], { cwd: ROOT, env, encoding: 'buffer' });
      expect(shown.stdout).toEqual(refused);
    } finally {
      after.close();
    }
  });

  it('is bounded by size (oldest bodies first) and age, and never drops the message of a current document', async () => {
    const limit = 3000;
    const service = await openService({
      dataDir: ':memory:',
      maxMessageBytes: MB,
      messageLog: { maxBytes: limit, maxAgeDays: 7 },
    });
    const sizes = new Map<number, number>();
    for (let version = 1; version <= 12; version += 1) {
      const bytes = result(version);
      sizes.set(version, bytes.byteLength);
      expect(service.ingestor.ingest(bytes, 'feed').outcome).toBe('stored');
    }
    const log = service.ingestor.log;
    log.prune();
    const all = log.list({ limit: 100 });
    expect(all).toHaveLength(12);
    const kept = all.filter((row) => row.kept).map((row) => row.version!);
    const keptBytes = kept.reduce((sum, version) => sum + sizes.get(version)!, 0);
    // The newest bodies, as many as fit; one more would not.
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 12 - i));
    expect(keptBytes).toBeLessThanOrEqual(limit);
    expect(keptBytes + sizes.get(12 - kept.length)!).toBeGreaterThan(limit);
    expect(kept.length).toBeGreaterThan(1);
    // A month on: only the row that stored the current version (12) stays, and its bytes with it.
    const later = new Date(Date.now() + 30 * 86_400_000);
    log.record({
      source: 'feed',
      outcome: 'rejected',
      reason: 'test',
      error: 'not-xml',
      size: 1,
      body: Buffer.from('x'),
    });
    expect(log.prune(later).rows).toBe(12);
    expect(log.list().map((row) => [row.version, row.kept])).toEqual([[12, true]]);
    service.close();
  });

  it('a store from before keeps its logged messages, their text now their bytes', () => {
    const db = new Database(':memory:');
    for (const [version, sql] of MIGRATIONS.slice(0, 5).entries()) {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }
    db.prepare(
      `INSERT INTO messages (type, code, version, status, received_at, source, outcome, sha256, xml)
       VALUES ('DT_RESULT', ?, 3, 'LIVE', '2025-11-10T10:00:00Z', 'feed', 'stored', 'abc', '<OdfBody 名="张"/>'),
              ('DT_RESULT', ?, 2, NULL, '2025-11-10T10:01:00Z', 'feed', 'ignored', 'def', NULL)`,
    ).run(UNIT, UNIT);
    migrate(db);
    const log = new MessageLog(db);
    const [ignored, stored] = log.list();
    expect(stored).toMatchObject({
      id: 1,
      outcome: 'stored',
      version: 3,
      status: 'LIVE',
      kept: true,
      size: Buffer.byteLength('<OdfBody 名="张"/>'),
    });
    expect(ignored).toMatchObject({ id: 2, outcome: 'ignored', kept: false, size: 0 });
    expect(log.get(1)!.body!.toString('utf8')).toBe('<OdfBody 名="张"/>');
    db.close();
  });
});
