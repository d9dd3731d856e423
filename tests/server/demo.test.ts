import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventProgramme } from '../../schemas/events';
import { sportFolders } from '../../codegen/load';
import { ROOT } from '../../codegen/paths';
import { accessorFor } from '../../src/core/valuePath';
import { demoCoverage } from '../../src/server/demo/coverage';
import { distanceOf, readMark } from '../../src/server/demo/marks';
import { generateDemoGames, readProgramme, type DemoMessage } from '../../src/server/demo';
import { renderUnitReport } from '../../src/server/reports/render';
import type { Service } from '../../src/server/service';
import { memoryService } from './helpers';

let service: Service;
let messages: DemoMessage[];
let programmes: Map<string, EventProgramme>;
const outcomes = new Map<string, number>();

beforeAll(async () => {
  service = await memoryService();
  programmes = new Map(service.sports.map((s) => [s.code, readProgramme(join(ROOT, 'sports'), s.code)]));
  messages = generateDemoGames(service.sports, programmes);
  for (const message of messages) {
    const result = service.ingestor.ingest(Buffer.from(message.xml), message.name, { deferDerive: true });
    outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
    if (result.outcome === 'rejected') throw new Error(`${message.name}: ${result.error.message}`);
  }
  service.ingestor.flush();
}, 240_000);
afterAll(() => service.close());

const json = <T>(type: string, code: string) => service.store.json<T>(type, code);
const docs = <T>(type: string) =>
  service.store.listByType(type).map((d) => ({ code: d.code, body: JSON.parse(d.body) as T }));

describe('the demo games', () => {
  it('are the same on every run (fixed seed)', () => {
    const again = generateDemoGames(service.sports, programmes);
    const digest = (list: DemoMessage[]) =>
      createHash('sha256')
        .update(list.map((m) => `${m.name}\n${m.xml}`).join('\n'))
        .digest('hex');
    expect(again.length).toBe(messages.length);
    expect(digest(again)).toBe(digest(messages));
  }, 120_000);

  it('give each team its own code across the games (no two squads share one)', () => {
    const squads = new Map<string, Set<string>>();
    for (const message of messages.filter((m) => m.xml.includes('DocumentType="DT_PARTIC_TEAMS"'))) {
      for (const team of message.xml.matchAll(/<Team Code="([^"]+)"[^>]*>.*?<Composition>(.*?)<\/Composition>/g)) {
        const members = [...team[2]!.matchAll(/Athlete Code="([^"]+)"/g)].map((a) => a[1]).join(',');
        squads.set(team[1]!, (squads.get(team[1]!) ?? new Set()).add(members));
      }
    }
    expect(squads.size).toBeGreaterThan(100);
    expect([...squads].filter(([, compositions]) => compositions.size > 1).map(([code]) => code)).toEqual([]);
  });

  it('pass ingest, every message stored', () => {
    expect(outcomes.get('stored')).toBe(messages.length);
    expect(messages.length).toBeGreaterThan(2000);
  });

  it('give every unit tab and sport-level page of every plugin a document to show', () => {
    const coverage = demoCoverage(service.sports, service.store, service.db);
    expect(coverage.map((c) => c.code).sort()).toEqual(sportFolders());
    expect(coverage.filter((c) => c.missing.length > 0).map((c) => `${c.code}: ${c.missing.join(', ')}`)).toEqual([]);
  });

  it('have units in every schedule status and every result status', () => {
    const units = docs<{ units: { status?: string }[] }>('SCHEDULE_DISCIPLINE').flatMap((d) => d.body.units);
    expect(new Set(units.map((u) => u.status))).toEqual(new Set(['SCHEDULED', 'RUNNING', 'FINISHED']));
    const statuses = new Set(service.store.listByType('DT_RESULT').map((d) => d.status));
    for (const status of ['START_LIST', 'LIVE', 'UNOFFICIAL', 'OFFICIAL']) expect(statuses).toContain(status);
  });

  it('hold a medal tally equal to the medallists, and medals for every event whose final is official', () => {
    const medallists = json<{ medallists: { event: string; medal: string; competitor: { organisation: string } }[] }>(
      'MEDALLISTS',
      'ALL',
    )!.medallists;
    const tally = json<{ rows: { organisation: string; gold: number; silver: number; bronze: number }[] }>(
      'MEDAL_TALLY',
      'ALL',
    )!.rows;
    for (const row of tally) {
      const own = medallists.filter((m) => m.competitor.organisation === row.organisation);
      expect([row.gold, row.silver, row.bronze]).toEqual(
        ['GOLD', 'SILVER', 'BRONZE'].map((k) => own.filter((m) => m.medal === k).length),
      );
    }
    const finals = docs<{ units: { event: string; medal?: string; code: string }[] }>('SCHEDULE_DISCIPLINE')
      .flatMap((d) => d.body.units)
      .filter((u) => u.medal && /FNL-/.test(u.code) && service.store.get('DT_RESULT', u.code)?.status === 'OFFICIAL');
    expect(finals.length).toBeGreaterThan(50);
    for (const final of finals) {
      const kinds = medallists.filter((m) => m.event === final.event).map((m) => m.medal);
      expect(kinds, final.event).toContain('GOLD');
      expect(kinds, final.event).toContain('SILVER');
      expect(kinds, final.event).toContain('BRONZE');
    }
  });

  it('declare participants as DT_PARTIC does, so functions and positions are listed', () => {
    type Items = { Result: { Items: Record<string, string>[] } };
    const functions = json<Items>('COMMON_CODE', 'disciplineFunction')!.Result.Items;
    const positions = json<Items>('COMMON_CODE', 'position')!.Result.Items;
    // Every sport's participants carry @MainFunctionId; team sports' players a POSITION entry.
    expect(new Set(functions.map((f) => f.Discipline)).size).toBe(service.sports.length);
    expect(functions.every((f) => typeof f.Function === 'string' && f.Function !== '')).toBe(true);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.every((p) => typeof p.Id === 'string' && p.Id !== '')).toBe(true);
  });

  it('keep brackets consistent: each winner advances, byes resolve', () => {
    type Place = { WLT?: string; Code?: string; Competitor?: { Code: string }[] };
    type Item = { CompetitorPlace: Place[] };
    type Round = { Code: string; BracketItem: Item[] };
    const brackets = docs<{ Competition: { Bracket: { BracketItems: Round[] }[] }[] }>('DT_BRACKETS');
    expect(brackets.length).toBeGreaterThan(50);
    let byes = 0;
    for (const { code, body } of brackets) {
      const rounds = body.Competition[0]!.Bracket[0]!.BracketItems.filter((r) => r.Code !== 'BRNZ');
      for (let r = 0; r + 1 < rounds.length; r += 1) {
        const winners = new Set(
          rounds[r]!.BracketItem.flatMap((item) =>
            item.CompetitorPlace.filter((p) => p.WLT === 'W').map((p) => p.Competitor?.[0]?.Code),
          ),
        );
        for (const item of rounds[r]!.BracketItem) {
          if (item.CompetitorPlace.some((p) => p.Code === 'BYE')) {
            byes += 1;
            expect(
              item.CompetitorPlace.filter((p) => p.WLT === 'W'),
              code,
            ).toHaveLength(1);
          }
        }
        const next = rounds[r + 1]!.BracketItem.flatMap((item) =>
          item.CompetitorPlace.map((p) => p.Competitor?.[0]?.Code),
        ).filter(Boolean);
        for (const competitor of next) expect(winners, `${code} ${rounds[r + 1]!.Code}`).toContain(competitor);
      }
    }
    expect(byes).toBeGreaterThan(0);
  });

  it('keep pool standings adding up: points from results, played = won + tied + lost', () => {
    type Row = Record<string, string>;
    const pools = docs<{ Competition: { Result: Row[] }[] }>('DT_POOL_STANDING');
    const groups = new Set(pools.map((p) => p.code.slice(22, 26)));
    for (const g of ['GPA-', 'GPB-', 'GPC-', 'GPD-', 'GPE-', 'GPF-']) expect(groups).toContain(g);
    for (const { code, body } of pools) {
      const rows = body.Competition[0]!.Result;
      let won = 0;
      let lost = 0;
      for (const row of rows) {
        // A sport without ties (its dictionary has no `Tied`) counts none.
        const n = (k: string) => Number(row[k] ?? (k === 'Tied' ? 0 : NaN));
        expect(n('Played'), code).toBe(n('Won') + n('Tied') + n('Lost'));
        expect(n('Result'), code).toBe(3 * n('Won') + n('Tied'));
        expect(n('Diff'), code).toBe(n('For') - n('Against'));
        won += n('Won');
        lost += n('Lost');
      }
      expect(won, code).toBe(lost);
    }
  });

  it('give the winner of a match the higher score, and a walkover its IRM', () => {
    let matches = 0;
    let walkovers = 0;
    for (const doc of service.store.listByType('DT_RESULT')) {
      if (doc.status === 'START_LIST') continue;
      const rows = accessorFor('Competition.Result').all(JSON.parse(doc.body)) as Record<string, unknown>[];
      const winner = rows.find((r) => r.WLT === 'W');
      const loser = rows.find((r) => r.WLT === 'L');
      if (rows.length !== 2 || !winner || !loser || !/^\d+$/.test(String(winner.Result))) continue;
      // A walkover's loser did not start: an IRM, and no score to compare.
      if (loser.IRM !== undefined) {
        walkovers += 1;
        continue;
      }
      matches += 1;
      expect(Number(winner.Result), doc.code).toBeGreaterThan(Number(loser.Result));
    }
    expect(matches).toBeGreaterThan(100);
    expect(walkovers).toBeGreaterThan(0);
  });

  it('include a mass race of at least 5,000 finishers with splits', () => {
    const biggest = service.store
      .listByType('DT_RESULT')
      .map((d) => ({ code: d.code, rows: accessorFor('Competition.Result').all(JSON.parse(d.body)) }))
      .sort((a, b) => b.rows.length - a.rows.length)[0]!;
    expect(biggest.rows.length).toBeGreaterThanOrEqual(5000);
    const withSplits = biggest.rows.filter(
      (row) => accessorFor('ExtendedResults.ExtendedResult[Type=ER][Code=INTERMEDIATE].Value').all(row).length > 0,
    );
    expect(withSplits.length).toBeGreaterThanOrEqual(5000 * 0.9);
  });

  it("time a race for its own distance, whatever distance the sport's example ran", () => {
    let races = 0;
    for (const doc of service.store.listByType('DT_RESULT')) {
      const metres = distanceOf(doc.code);
      if (!metres || !['ATH', 'SWM'].includes(doc.code.slice(0, 3)) || doc.status === 'START_LIST') continue;
      const winner = (accessorFor('Competition.Result').all(JSON.parse(doc.body)) as Record<string, string>[]).find(
        (r) => r.Rank === '1',
      );
      const time = readMark(winner?.Result);
      if (!time) continue;
      races += 1;
      // From a sprinter's 0.1 s a metre to a distance swimmer's 0.7.
      expect(time.value / metres, `${doc.code}: ${winner?.Result}`).toBeGreaterThan(0.08);
      expect(time.value / metres, `${doc.code}: ${winner?.Result}`).toBeLessThan(1);
    }
    expect(races).toBeGreaterThan(20);
  });

  it('give every finisher behind the leader a gap where the field shows gaps', () => {
    let fields = 0;
    for (const doc of service.store.listByType('DT_RESULT')) {
      if (doc.status === 'START_LIST') continue;
      const rows = accessorFor('Competition.Result').all(JSON.parse(doc.body)) as Record<string, unknown>[];
      if (rows.filter((r) => typeof r.Diff === 'string' && r.Diff.startsWith('+')).length < 2) continue;
      const leader = rows.find((r) => r.Rank === '1');
      const behind = rows.filter((r) => r.Rank !== undefined && r.Rank !== '1' && r.Result !== leader?.Result);
      fields += 1;
      for (const row of behind) expect(row.Diff, `${doc.code} rank ${String(row.Rank)}`).toMatch(/^\+/);
    }
    expect(fields).toBeGreaterThan(20);
  });

  it("put a bronze match in its own bracket, as the example does, fed by the semifinals' losers", () => {
    type Place = { Competitor?: { Code: string }[]; PreviousUnit?: { Unit: string; WLT: string }[]; WLT?: string };
    type Item = { Unit: string; CompetitorPlace: Place[] };
    type Brackets = { Competition: { Bracket: { Code: string; BracketItems: { BracketItem: Item[] }[] }[] }[] };
    let fed = 0;
    for (const { code, body } of docs<Brackets>('DT_BRACKETS').filter((d) => d.code.startsWith('BKB'))) {
      const brackets = body.Competition[0]!.Bracket;
      const items = brackets.flatMap((b) => b.BracketItems.flatMap((i) => i.BracketItem));
      const bronze = brackets.find((b) => b.Code === 'BRN');
      expect(bronze, code).toBeDefined();
      for (const item of bronze!.BracketItems.flatMap((i) => i.BracketItem)) {
        expect(item.Unit, code).toContain('BRNZ');
        for (const place of item.CompetitorPlace) {
          const previous = place.PreviousUnit?.[0];
          expect(previous?.WLT, code).toBe('L');
          const semifinal = items.find((i) => i.Unit === previous!.Unit)!;
          const loser = semifinal.CompetitorPlace.find((p) => p.WLT === 'L')?.Competitor?.[0]?.Code;
          if (loser && place.Competitor) {
            expect(place.Competitor[0]!.Code, code).toBe(loser);
            fed += 1;
          }
        }
      }
    }
    expect(fed).toBeGreaterThan(0);
  });

  it("end a match's play-by-play at its result's score", () => {
    type Row = { Result?: string; Competitor?: { Code: string }[] };
    let checked = 0;
    for (const doc of service.store.listByType('DT_PLAY_BY_PLAY')) {
      const result = service.store.get('DT_RESULT', doc.code);
      if (!result) continue;
      const rows = accessorFor('Competition.Result').all(JSON.parse(result.body)) as Row[];
      const actions = JSON.parse(doc.body) as {
        Competition: { Actions: { Home: string; Action: Record<string, string>[] }[] }[];
      };
      const list = actions.Competition[0]?.Actions[0];
      const last = list?.Action.filter((a) => a.ScoreH !== undefined).at(-1);
      if (!list || !last) continue;
      const scoreOf = (code: string) => rows.find((r) => r.Competitor?.[0]?.Code === code)?.Result;
      const home = scoreOf(list.Home);
      const away = rows.find((r) => r.Competitor?.[0]?.Code !== list.Home)?.Result;
      if (home === undefined || away === undefined) continue;
      expect([last.ScoreH, last.ScoreA], doc.code).toEqual([home, away]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("credit a record broken to the unit's own event", () => {
    const { records } = json<{ records: { unit: string; record: string }[] }>('RECORDS', 'ALL')!;
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.record.slice(0, 22), r.unit).toBe(r.unit.slice(0, 22));
  });

  it('mark irregular results and records broken', () => {
    const irm = service.store.listByType('DT_RESULT').some((d) => /"IRM":"(DNF|DNS|DSQ)"/.test(d.body));
    expect(irm).toBe(true);
    expect(json<{ records: unknown[] }>('RECORDS', 'ALL')!.records.length).toBeGreaterThan(0);
  });

  it('show the zh_HK text of an event in Traditional characters', () => {
    const unit = docs<{ units: { name: { CHI?: string; CHT?: string } }[] }>('SCHEDULE_DISCIPLINE')
      .flatMap((d) => d.body.units)
      .find((u) => u.name.CHI?.includes('决赛'))!;
    expect(unit.name.CHT).toContain('決賽');
    expect(unit.name.CHT).not.toContain('决赛');
  });

  it('serve reports at stable URLs, rendered once per version', async () => {
    const { createPodiumServer } = await import('../../src/server/http/server');
    const { readConfig } = await import('../../src/server/config');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-reports-'));
    const server = createPodiumServer(service, {
      config: { ...readConfig({}), dataDir },
      distDir: '/nonexistent',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const list = (await (await fetch(`${base}/api/crs/odf/json/REPORT_LIST/${'BKB'.padEnd(34, '-')}`)).json()) as {
        reports: { code: string; docType: string; file: string; version: number; updatedAt: string; name: string }[];
      };
      const kinds = new Set(list.reports.map((r) => r.docType));
      expect(kinds).toEqual(new Set(['C51', 'C73', 'C95']));
      const report = list.reports.find((r) => r.docType === 'C73')!;
      expect(report).toMatchObject({ file: `/reports/${report.code}/C73.pdf`, name: 'Results' });
      const first = await fetch(`${base}${report.file}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/pdf');
      const etag = first.headers.get('etag')!;
      // The report follows its result's version and the version of the names joined to it.
      expect(etag).toMatch(new RegExp(`^"C73-${report.version}\\.[0-9]+"$`));
      expect((await fetch(`${base}${report.file}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      const book = await fetch(`${base}/reports/${'BKB'.padEnd(34, '-')}/C95.pdf`);
      expect(book.status).toBe(200);
      expect((await fetch(`${base}/reports/${'BKB'.padEnd(34, '-')}/C99.pdf`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('produce a PDF for a unit that contains its Chinese event name', async () => {
    const sport = service.sports.find((s) => s.code === 'SWM')!;
    const official = service.store
      .listByType('DT_RESULT')
      .find((d) => d.code.startsWith('SWM') && d.status === 'OFFICIAL')!;
    const pdf = await renderUnitReport(
      { sport, code: official.code, kind: 'C73', result: JSON.parse(official.body), version: official.version },
      service.store,
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    const eventName = programmes.get('SWM')!.events.find((e) => official.code.startsWith(`SWM${e.gender}${e.id}`))!.name
      .zh_CN;
    expect(text).toContain(eventName);
    expect(text).toContain('成绩公告');
  });
});
