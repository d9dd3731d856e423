import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import type { CoverageReport, TypeCoverage, ValueCoverage } from '../../src/server/coverage/report';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { MB } from './helpers';

/**
 * Issue 25 item 2: `npm run coverage` and GET /api/internal/coverage list, per sport and type, every
 * kind of value the stored messages carry and whether the plugin shows it. A swimming result is
 * ingested into a real SQLite store on disk; the command runs as a child process on it, the real
 * server answers the endpoint on loopback.
 */
const TOKEN = 'test-token-coverage-0123456789';
const PORT = 18531;
const UNIT = 'SWMM100MFR------------FNL-000100--';
const RESULT = 'Competition.Result';
const MADE_UP_EXTENDED = `${RESULT}.ExtendedResults.ExtendedResult[Type=ER&Code=PODIUM_MADE_UP_SPLIT].Value`;
const MADE_UP_STATS = `${RESULT}.StatsItems.StatsItem[Type=ST&Code=PODIUM_MADE_UP_STAT].Value`;
const MADE_UP_ATTRIBUTE = `${RESULT}.PodiumMadeUpAttribute`;
const OLD_ONLY = `${RESULT}.ExtendedResults.ExtendedResult[Type=ER&Code=PODIUM_OLD_VERSION_ONLY].Value`;
const REACTION = `${RESULT}.ExtendedResults.ExtendedResult[Type=ER&Code=REACT_TIME].Value`;

/**
 * A final in the shape of sports/SWM/examples/DT_RESULT.final.xml (its envelope, ExtendedInfos,
 * Result, ExtendedResults and Competitor elements), cut to three swimmers, with values no plugin
 * names: an ExtendedResult code on two rows, a StatsItem on one, an attribute on one.
 */
function finalMessage(version: number, extra: string): Buffer {
  const row = (rank: number, code: string, time: string, more: { attribute?: string; items?: string } = {}) => `
    <Result Rank="${rank}" ResultType="TIME" Result="${time}" SortOrder="${rank}" StartOrder="${rank + 2}" StartSortOrder="${rank + 2}"${more.attribute ?? ''}>
      <ExtendedResults>
        <ExtendedResult Type="ER" Code="REACT_TIME" Value="0.6${rank}"/>
        <ExtendedResult Type="ER" Code="INTERMEDIATE" Pos="1" Value="22.4${rank}" Rank="${rank}" SortOrder="${rank}"/>
        ${more.items ?? ''}
      </ExtendedResults>
      <Competitor Code="${code}" Type="A" Organisation="ZHJ">
        <Composition>
          <Athlete Code="${code}" Order="1">
            <Description GivenName="Given${rank}" FamilyName="Family${rank}" Gender="M" Organisation="ZHJ" BirthDate="2004-08-04"/>
          </Athlete>
        </Composition>
      </Competitor>${rank === 1 ? '\n      <StatsItems><StatsItem Type="ST" Code="PODIUM_MADE_UP_STAT" Value="7"/></StatsItems>' : ''}
    </Result>`;
  const madeUp = '<ExtendedResult Type="ER" Code="PODIUM_MADE_UP_SPLIT" Value="11.11"/>';
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<OdfBody CompetitionCode="NG2025" DocumentCode="${UNIT}" DocumentType="DT_RESULT" Version="${version}" ResultStatus="OFFICIAL" FeedFlag="P" Date="2025-11-12" Time="201512345" LogicalDate="2025-11-12" Source="GOASWM1">
  <Competition Gen="NG2025-GEN-1.0" Sport="NG2025-SWM-1.0" Codes="NG2025-1.0">
    <ExtendedInfos>
      <UnitDateTime StartDate="2025-11-12T20:02:00+08:00"/>
    </ExtendedInfos>${row(1, '1100231', '47.22', { items: madeUp + extra })}${row(2, '1100342', '47.91', { items: madeUp, attribute: ' PodiumMadeUpAttribute="zz"' })}${row(3, '1100455', '48.05')}
  </Competition>
</OdfBody>`);
}

let dataDir: string;
/** The log id of the message that made the stored version. */
let latestId: number;

const runCoverage = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/coverage.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PODIUM_DATA: dataDir, PODIUM_COMPETITION_CODES: 'NG2025' },
  });

const swimmingResult = (report: CoverageReport): TypeCoverage => {
  const type = report.sports.find((s) => s.sport === 'SWM')?.types.find((t) => t.type === 'DT_RESULT');
  if (!type) throw new Error(`no SWM DT_RESULT in ${JSON.stringify(report).slice(0, 400)}`);
  return type;
};
const valueOf = (type: TypeCoverage, signature: string): ValueCoverage | undefined =>
  type.values.find((v) => v.signature === signature);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'podium-coverage-'));
  const service = await openService({ dataDir, maxMessageBytes: 8 * MB });
  try {
    // An older version carries a code the latest no longer does: only the latest of a document is read.
    const old = '<ExtendedResult Type="ER" Code="PODIUM_OLD_VERSION_ONLY" Value="1"/>';
    expect(service.ingestor.ingest(finalMessage(1, old), 'test').outcome).toBe('stored');
    expect(service.ingestor.ingest(finalMessage(2, ''), 'test').outcome).toBe('stored');
    latestId = service.ingestor.log.list({ outcome: 'stored', limit: 1 })[0]!.id;
  } finally {
    service.close();
  }
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run coverage', () => {
  it('lists each made-up value under More with its count and message, "More" before what is shown', () => {
    const run = runCoverage('--sport', 'SWM');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    const more = at('under "More"');
    const shown = at('shown:');
    expect(more).toBeGreaterThan(at('DT_RESULT: 1 message'));
    for (const [signature, count, messages] of [
      [MADE_UP_EXTENDED, 2, 1],
      [MADE_UP_STATS, 1, 1],
      [MADE_UP_ATTRIBUTE, 1, 1],
    ] as const) {
      const line = lines[at(`${signature}  `)] ?? '';
      expect(line, signature).toContain(`${count} time${count === 1 ? '' : 's'} in ${messages} message`);
      expect(line).toContain(`e.g. ${UNIT} (#${latestId})`);
      expect(at(`${signature}  `)).toBeGreaterThan(more);
      expect(at(`${signature}  `)).toBeLessThan(shown);
    }
    expect(run.stdout).not.toContain('PODIUM_OLD_VERSION_ONLY');
    expect(lines[shown]).toMatch(/shown: \d+ kinds of values/);
  }, 60_000);

  it('--json has the whole report: the made-up values under More, a value the plugin shows with where', () => {
    const run = runCoverage('--json');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as CoverageReport;
    expect(report.messages).toBe(1);
    const type = swimmingResult(report);
    expect(type.readBy).toBe('layouts');
    expect(type.layouts).toEqual(expect.arrayContaining(['tab startlist', 'tab result']));
    expect(valueOf(type, MADE_UP_EXTENDED)).toMatchObject({
      status: 'more',
      count: 2,
      messages: 1,
      example: { code: UNIT, messageId: latestId, value: '11.11' },
    });
    expect(valueOf(type, MADE_UP_STATS)).toMatchObject({ status: 'more', count: 1, example: { value: '7' } });
    expect(valueOf(type, MADE_UP_ATTRIBUTE)).toMatchObject({ status: 'more', count: 1, example: { value: 'zz' } });
    expect(valueOf(type, OLD_ONLY)).toBeUndefined();
    // A value hidden on purpose, with the reason its plugin file gives (the pages know only the mark).
    const shared = JSON.parse(readFileSync(join(ROOT, 'sports/_shared/hidden.json'), 'utf8')) as {
      hidden: { code: string; reason: string }[];
    };
    expect(valueOf(type, `${RESULT}.Competitor.Type`)).toMatchObject({
      status: 'hidden',
      reason: shared.hidden.find((mark) => mark.code === 'Competitor.Type')?.reason,
    });
    const reaction = valueOf(type, REACTION);
    expect(reaction).toMatchObject({ status: 'read', count: 3 });
    expect(reaction?.shownBy).toContainEqual({ scope: 'tab', layout: 'result', part: 'column', id: 'reactionTime' });
    expect(
      valueOf(type, `${RESULT}.ExtendedResults.ExtendedResult[Type=ER&Code=INTERMEDIATE].Value`)?.shownBy,
    ).toContainEqual({
      scope: 'tab',
      layout: 'result',
      part: 'detail',
      id: 'splits',
    });
  }, 60_000);

  it('says so in one line on an empty store', () => {
    const empty = mkdtempSync(join(tmpdir(), 'podium-coverage-empty-'));
    try {
      const run = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/coverage.ts'],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PODIUM_DATA: empty } },
      );
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
      expect(run.stdout).toContain('no stored message');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('GET /api/internal/coverage', () => {
  let service: Service;
  let server: PodiumServer;
  let closed: PodiumServer;
  const base = `http://127.0.0.1:${PORT}/api/internal/coverage`;

  beforeAll(async () => {
    service = await openService({ dataDir, maxMessageBytes: 8 * MB });
    const config = readConfig({ PODIUM_ADMIN_TOKEN: TOKEN, PODIUM_DATA: dataDir });
    server = createPodiumServer(service, { config, distDir: '/nonexistent-dist', version: 'test' });
    // Internal reads are off, like internal writes, while no token is set.
    closed = createPodiumServer(service, {
      config: readConfig({ PODIUM_DATA: dataDir }),
      distDir: '/nonexistent-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => closed.listen(PORT + 1, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => closed.close(resolve));
    service.close();
  });

  it('is refused without the token (401), with a wrong one (401), and while none is set (403)', async () => {
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(base, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const off = await fetch(`http://127.0.0.1:${PORT + 1}/api/internal/coverage`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(off.status).toBe(403);
  });

  it('answers the report with the token, never cached; a malformed sport is 400', async () => {
    const headers = { Authorization: `Bearer ${TOKEN}` };
    const answer = await fetch(`${base}?sport=SWM`, { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const type = swimmingResult((await answer.json()) as CoverageReport);
    expect(valueOf(type, MADE_UP_EXTENDED)).toMatchObject({ status: 'more', count: 2 });
    expect(valueOf(type, REACTION)?.status).toBe('read');
    const other = (await (await fetch(`${base}?sport=ATH`, { headers })).json()) as CoverageReport;
    expect(other.sports).toEqual([]);
    expect((await fetch(`${base}?sport=not-a-sport`, { headers })).status).toBe(400);
  });
});
