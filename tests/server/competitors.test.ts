import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { competitorBucket, COMPETITOR_BUCKET_PATTERN } from '../../src/core/competitorBucket';
import type { CompetitorLine, ProfileBucket, ResultsBucket } from '../../schemas/api';
import { entryOf, resultLinesOf } from '../../src/server/derive/competitorsFacts';
import { competitorResultsDeriver } from '../../src/server/derive/competitorsResults';
import { parseXml } from '../../src/server/odf/normalise';
import { children } from '../../src/server/odf/read';
import { openService, type Service } from '../../src/server/service';
import { memoryService, MB, odf } from './helpers';

const rsc = (prefix: string) => prefix.padEnd(34, '-');
const SWM = rsc('SWM');
const HEAT = rsc('SWMM100MFR------------HEAT000100');
const FINAL = rsc('SWMM100MFR------------FNL-000100');
const RELAY = rsc('SWMM4X100MFR----------FNL-000100');

const person = (code: string, org: string, eng: [string, string], chi: [string, string], events: string[]) =>
  `<Participant Code="${code}" Gender="M" Organisation="${org}" BirthDate="2001-05-06" FamilyName="${eng[0]}" GivenName="${eng[1]}">` +
  `<Description Language="CHI" FamilyName="${chi[0]}" GivenName="${chi[1]}"/>` +
  `<Discipline Code="${SWM}">${events.map((e) => `<RegisteredEvent Event="${rsc(e)}"/>`).join('')}</Discipline></Participant>`;

const participants = (version: number, extra = '') =>
  odf(
    { DocumentType: 'DT_PARTIC', DocumentCode: SWM, Version: String(version) },
    `<Competition>${person('1001', 'GDG', ['ZHANG', 'Wei'], ['张', '伟'], ['SWMM100MFR', 'SWMM4X100MFR'])}${person('1002', 'SHH', ['van DYKE', 'Anna'], ['范', '安娜'], ['SWMM100MFR'])}${extra}</Competition>`,
  );
const teams = odf(
  { DocumentType: 'DT_PARTIC_TEAMS', DocumentCode: SWM, Version: '1' },
  `<Competition><Team Code="GDG01" Organisation="GDG" Gender="M"><Description TeamName="Guangdong"/><Description Language="CHI" TeamName="广东"/><Discipline Code="${SWM}"><RegisteredEvent Event="${rsc('SWMM4X100MFR')}"/></Discipline><Composition><Athlete Code="1001" Order="1"/></Composition></Team></Competition>`,
);
const line = (code: string, org: string, rank: string, result: string, extra = '') =>
  `<Result Rank="${rank}" Result="${result}"${extra}><Competitor Code="${code}" Type="A" Organisation="${org}"><Composition><Athlete Code="${code}"/></Composition></Competitor></Result>`;
const result = (unit: string, version: number, rows: string, status = 'OFFICIAL') =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: unit, Version: String(version), ResultStatus: status },
    `<Competition>${rows}</Competition>`,
  );
const relay = result(
  RELAY,
  1,
  `<Result Rank="1" Result="3:12.00"><Competitor Code="GDG01" Type="T" Organisation="GDG"><Composition><Athlete Code="1001"/></Composition></Competitor></Result>`,
);
const medallists = odf(
  { DocumentType: 'DT_MEDALLISTS', DocumentCode: SWM, Version: '1' },
  `<Competition><Event Code="${rsc('SWMM4X100MFR')}"><Medal Type="ME_GOLD"><Competitor Code="GDG01" Organisation="GDG"><Composition><Athlete Code="1001"/></Composition></Competitor></Medal></Event><Event Code="${rsc('SWMM100MFR')}"><Medal Type="ME_SILVER"><Competitor Code="1002" Organisation="SHH"/></Medal></Event></Competition>`,
);

const profiles = (service: Service, code: string) =>
  service.store.json<ProfileBucket>('COMPETITOR_PROFILES', competitorBucket(code));
const resultsOf = (service: Service, code: string) =>
  service.store.json<ResultsBucket>('COMPETITOR_RESULTS', competitorBucket(code))?.competitors[code];

describe('competitor buckets', () => {
  it('are three upper-case hex digits, the same for the same code, spread over many buckets', () => {
    const sizes = new Map<string, number>();
    for (let i = 0; i < 20_000; i += 1) {
      const bucket = competitorBucket(String(1_000_000 + i));
      expect(bucket).toMatch(COMPETITOR_BUCKET_PATTERN);
      sizes.set(bucket, (sizes.get(bucket) ?? 0) + 1);
    }
    expect(competitorBucket('1020001')).toBe(competitorBucket('1020001'));
    // 20,000 consecutive codes (a games' worth) land in nearly all 4,096 buckets, about five each: no
    // bucket document grows out of proportion, and a result rewrites few others' pages.
    expect(sizes.size).toBeGreaterThan(4_000);
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(15);
  });
});

describe('competitor facts taken at ingest', () => {
  it('read names per language, organisation, events and a team composition', () => {
    const { element } = parseXml(participants(1).toString());
    const entries = children(children(element, 'Competition')[0], 'Participant').map((p) => entryOf(p, 'A'));
    expect(entries[0]).toMatchObject({
      code: '1001',
      organisation: 'GDG',
      gender: 'M',
      birthDate: '2001-05-06',
      names: { ENG: ['ZHANG', 'Wei'], CHI: ['张', '伟'] },
      disciplines: ['SWM'],
      events: [rsc('SWMM100MFR'), rsc('SWMM4X100MFR')],
    });
  });

  it('give each competitor of a result one line, and each athlete of a team composition a line with the team', () => {
    const { element } = parseXml(relay.toString());
    expect(resultLinesOf(element)).toEqual([
      { competitor: 'GDG01', rank: '1', result: '3:12.00' },
      { competitor: '1001', rank: '1', result: '3:12.00', team: 'GDG01' },
    ]);
    const individual = parseXml(result(HEAT, 1, line('1001', 'GDG', '2', '48.10', ' IRM="DSQ"')).toString());
    // The individual's composition names the athlete again: still one line.
    expect(resultLinesOf(individual.element)).toEqual([{ competitor: '1001', rank: '2', result: '48.10', irm: 'DSQ' }]);
  });
});

describe('competitor documents', () => {
  let service: Service;
  beforeEach(async () => {
    service = await memoryService();
    for (const message of [participants(1), teams, medallists]) {
      expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
    }
  });
  afterEach(() => service.close());

  it('list athletes and teams, sorted by English name, with names, organisation, gender and sports', () => {
    const athletes = service.store.json<{ athletes: CompetitorLine[] }>('COMPETITORS', 'INDIVIDUALS')!.athletes;
    // By the lower-cased English family then given name: "van dyke anna" before "zhang wei".
    expect(athletes.map((a) => a[0])).toEqual(['1002', '1001']);
    // The Traditional pair is kept when it differs from the Simplified one (張 is not 张).
    expect(athletes[1]).toEqual(['1001', 'GDG', 'M', 'SWM', 'ZHANG', 'Wei', '张', '伟', '張', '偉']);
    const teamLines = service.store.json<{ teams: CompetitorLine[] }>('COMPETITORS', 'TEAMS')!.teams;
    expect(teamLines).toEqual([['GDG01', 'GDG', 'M', 'SWM', 'Guangdong', '广东', '廣東']]);
  });

  it('profile athletes with their teams, and teams with their members', () => {
    const athlete = profiles(service, '1001')!.athletes['1001']!;
    expect(athlete).toMatchObject({ organisation: 'GDG', birthDate: '2001-05-06', disciplines: ['SWM'] });
    expect(athlete.teams).toEqual([{ code: 'GDG01', name: { ENG: 'Guangdong', CHI: '广东', CHT: '廣東' } }]);
    const team = profiles(service, 'GDG01')!.teams.GDG01!;
    expect(team.members).toEqual([{ code: '1001', names: athlete.names }]);
    expect(team.events).toEqual([rsc('SWMM4X100MFR')]);
  });

  it('gather each competitor results, through a team too, and medals, and follow a corrected result', () => {
    for (const message of [
      result(HEAT, 1, line('1001', 'GDG', '1', '48.00') + line('1002', 'SHH', '2', '48.50')),
      relay,
    ]) {
      expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
    }
    expect(resultsOf(service, '1001')).toEqual({
      results: [
        { unit: HEAT, rank: '1', result: '48.00', status: 'OFFICIAL' },
        { unit: RELAY, team: 'GDG01', rank: '1', result: '3:12.00', status: 'OFFICIAL' },
      ],
      medals: [{ event: rsc('SWMM4X100MFR'), medal: 'GOLD', team: 'GDG01' }],
    });
    expect(resultsOf(service, '1002')?.medals).toEqual([{ event: rsc('SWMM100MFR'), medal: 'SILVER' }]);
    // A new version of the heat without 1002 takes its line away; 1001's rank follows the correction.
    expect(service.ingestor.ingest(result(HEAT, 2, line('1001', 'GDG', '3', '48.90')), 'test').outcome).toBe('stored');
    expect(resultsOf(service, '1002')?.results).toEqual([]);
    expect(resultsOf(service, '1001')?.results[0]).toEqual({
      unit: HEAT,
      rank: '3',
      result: '48.90',
      status: 'OFFICIAL',
    });
    expect(service.ingestor.ingest(result(FINAL, 1, line('1002', 'SHH', '1', '47.90'), 'LIVE'), 'test').outcome).toBe(
      'stored',
    );
    expect(resultsOf(service, '1002')?.results).toEqual([{ unit: FINAL, rank: '1', result: '47.90', status: 'LIVE' }]);
  });

  it('rebuild only the documents a changed result affects, the same as a full rebuild makes', () => {
    const build = vi.spyOn(competitorResultsDeriver, 'build');
    const buildPart = vi.spyOn(competitorResultsDeriver, 'buildPart');
    try {
      for (const message of [
        result(HEAT, 1, line('1001', 'GDG', '1', '48.00') + line('1002', 'SHH', '2', '48.50')),
        relay,
        result(FINAL, 1, line('1002', 'SHH', '1', '47.90'), 'LIVE'),
        result(FINAL, 2, line('1002', 'SHH', '1', '47.80'), 'LIVE'),
        // 1002 leaves the heat: their bucket is rebuilt though the new lines do not name them.
        result(HEAT, 2, line('1001', 'GDG', '3', '48.90')),
        // 1003 joins the heat, 1001's line stays as it was: only 1003's bucket is rebuilt.
        result(HEAT, 3, line('1001', 'GDG', '3', '48.90') + line('1003', 'GDG', '2', '48.70')),
      ]) {
        expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
      }
      expect(build).not.toHaveBeenCalled();
      const named = buildPart.mock.calls.map(([, codes]) => [...codes].sort());
      expect(named[2]).toEqual([competitorBucket('1002')]);
      expect(named[4]).toEqual([competitorBucket('1001'), competitorBucket('1002')].sort());
      expect(competitorBucket('1003')).not.toBe(competitorBucket('1001'));
      expect(named[5]).toEqual([competitorBucket('1003')]);
    } finally {
      build.mockRestore();
      buildPart.mockRestore();
    }
    // The report lists too were rebuilt in part (the unit's, its discipline's and the games').
    const stored = () =>
      ['COMPETITOR_RESULTS', 'REPORT_LIST'].flatMap((type) =>
        service.store.listByType(type).map((d) => ({ type, code: d.code, version: d.version, body: d.body })),
      );
    const partial = stored();
    expect(partial.filter((d) => d.type === 'REPORT_LIST').map((d) => d.code)).toEqual(
      expect.arrayContaining(['ALL', SWM, HEAT, FINAL, RELAY]),
    );
    // A full rebuild finds nothing to change: no body differs, so no version moves.
    service.derive.rebuildAll();
    expect(stored()).toEqual(partial);
  });

  it('merge one athlete entered by two sports, and drop an athlete a new entry list leaves out', () => {
    const other = odf(
      { DocumentType: 'DT_PARTIC', DocumentCode: rsc('OWS'), Version: '1' },
      `<Competition><Participant Code="1001" Gender="M" Organisation="GDG" FamilyName="ZHANG" GivenName="Wei"><Discipline Code="${rsc('OWS')}"><RegisteredEvent Event="${rsc('OWSM10KM')}"/></Discipline></Participant></Competition>`,
    );
    expect(service.ingestor.ingest(other, 'test').outcome).toBe('stored');
    expect(profiles(service, '1001')!.athletes['1001']!.disciplines).toEqual(['OWS', 'SWM']);
    expect(profiles(service, '1001')!.athletes['1001']!.events).toContain(rsc('OWSM10KM'));
    const withoutAnna = odf(
      { DocumentType: 'DT_PARTIC', DocumentCode: SWM, Version: '2' },
      `<Competition>${person('1001', 'GDG', ['ZHANG', 'Wei'], ['张', '伟'], ['SWMM100MFR'])}</Competition>`,
    );
    expect(service.ingestor.ingest(withoutAnna, 'test').outcome).toBe('stored');
    const athletes = service.store.json<{ athletes: CompetitorLine[] }>('COMPETITORS', 'INDIVIDUALS')!.athletes;
    expect(athletes.map((a) => a[0])).toEqual(['1001']);
    expect(profiles(service, '1002')?.athletes['1002']).toBeUndefined();
  });

  it('keep the delegation participants in step with a changed entry list (entrants are read once per change)', () => {
    const codes = (org: string) =>
      service.store.json<{ athletes: { code: string }[] }>('PARTICIPANTS', org)?.athletes.map((a) => a.code);
    expect(codes('SHH')).toEqual(['1002']);
    const moved = participants(2)
      .toString()
      .replace('Code="1002" Gender="M" Organisation="SHH"', 'Code="1002" Gender="M" Organisation="GDG"');
    expect(service.ingestor.ingest(Buffer.from(moved), 'test').outcome).toBe('stored');
    expect(codes('SHH')).toBeUndefined();
    expect(codes('GDG')).toEqual(['1001', '1002']);
  });

  it('answer over the API by bucket, and refuse a malformed bucket', async () => {
    const { addressProblem } = await import('../../src/server/http/documents');
    expect(addressProblem('COMPETITOR_PROFILES', competitorBucket('1001'))).toBeUndefined();
    expect(addressProblem('COMPETITOR_RESULTS', 'zz')).toBeDefined();
    expect(addressProblem('COMPETITORS', 'INDIVIDUALS')).toBeUndefined();
    expect(addressProblem('COMPETITORS', 'ALL')).toBeDefined();
  });

  it("find a unit's lines by bucket through an index on the unit, not a scan of every unit's", () => {
    // A new result replaces its unit's lines: a scan of the table made each result slower than the last.
    const plan = service.db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM competitor_result_buckets WHERE unit = ?')
      .all('X') as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toMatch(
      /USING (COVERING )?INDEX competitor_result_buckets_by_unit/,
    );
  });
});

describe('a store older than the competitor tables', () => {
  it('fills them from its stored documents when opened, and derives the competitor documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-competitor-backfill-'));
    try {
      let service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      for (const message of [participants(1), result(HEAT, 1, line('1001', 'GDG', '1', '48.00'))]) {
        service.ingestor.ingest(message, 'test');
      }
      // As a store of an earlier Podium: documents, but no result lines and nothing derived from them.
      service.db.exec(`DELETE FROM competitor_results; DELETE FROM meta WHERE key = 'competitor_results';
        DELETE FROM documents WHERE type IN ('COMPETITORS', 'COMPETITOR_PROFILES', 'COMPETITOR_RESULTS');`);
      service.close();
      service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      expect(service.store.json<{ athletes: CompetitorLine[] }>('COMPETITORS', 'INDIVIDUALS')!.athletes).toHaveLength(
        2,
      );
      expect(resultsOf(service, '1001')?.results).toEqual([
        { unit: HEAT, rank: '1', result: '48.00', status: 'OFFICIAL' },
      ]);
      service.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fills the lines by bucket of a store that has the result lines only, and rebuilds from them in part', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-bucket-backfill-'));
    try {
      let service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      for (const message of [
        participants(1),
        result(HEAT, 1, line('1001', 'GDG', '1', '48.00') + line('1002', 'SHH', '2', '48.50')),
      ]) {
        service.ingestor.ingest(message, 'test');
      }
      // As a store of the Podium before the bucket table: the whole lines of each unit only.
      service.db.exec(
        `DELETE FROM competitor_result_buckets; DELETE FROM meta WHERE key = 'competitor_result_buckets';`,
      );
      service.close();
      service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      const buckets = service.db.prepare('SELECT DISTINCT bucket FROM competitor_result_buckets').pluck().all();
      expect(new Set(buckets)).toEqual(new Set([competitorBucket('1001'), competitorBucket('1002')]));
      // A corrected heat is rebuilt in part from the refilled table, as a full rebuild would.
      service.ingestor.ingest(result(HEAT, 2, line('1001', 'GDG', '1', '47.99')), 'test');
      expect(resultsOf(service, '1001')?.results).toEqual([
        { unit: HEAT, rank: '1', result: '47.99', status: 'OFFICIAL' },
      ]);
      expect(resultsOf(service, '1002')).toBeUndefined();
      service.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('files the lines and documents of a store split into other buckets again, under the current ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-bucket-refile-'));
    try {
      let service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      for (const message of [participants(1), result(HEAT, 1, line('1001', 'GDG', '1', '48.00'))])
        service.ingestor.ingest(message, 'test');
      // As a store of the Podium of 256 buckets: two hex digits, in the table and the documents' codes.
      service.db.exec(`UPDATE competitor_result_buckets SET bucket = substr(bucket, 2);
        UPDATE meta SET value = '1' WHERE key = 'competitor_result_buckets';
        UPDATE documents SET code = substr(code, 2) WHERE type IN ('COMPETITOR_PROFILES', 'COMPETITOR_RESULTS');`);
      service.close();
      service = await openService({ dataDir: dir, maxMessageBytes: 8 * MB });
      const filed = service.db.prepare('SELECT DISTINCT bucket FROM competitor_result_buckets').pluck().all();
      expect(filed).toEqual([competitorBucket('1001')]);
      const codes = service.db
        .prepare("SELECT code FROM documents WHERE type IN ('COMPETITOR_PROFILES', 'COMPETITOR_RESULTS')")
        .pluck()
        .all() as string[];
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((code) => COMPETITOR_BUCKET_PATTERN.test(code))).toBe(true);
      expect(resultsOf(service, '1001')?.results).toEqual([
        { unit: HEAT, rank: '1', result: '48.00', status: 'OFFICIAL' },
      ]);
      // A later result is rebuilt in part from the lines filed again.
      service.ingestor.ingest(result(HEAT, 2, line('1001', 'GDG', '1', '47.99')), 'test');
      expect(resultsOf(service, '1001')?.results[0]).toMatchObject({ result: '47.99' });
      service.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
