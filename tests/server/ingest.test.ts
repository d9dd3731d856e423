import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../../src/server/service';
import { memoryService, MB, odf, readSample, sampleFiles, snapshot, UNIT } from './helpers';

let service: Service;
beforeEach(async () => {
  service = await memoryService();
});
afterEach(() => service.close());

const ingest = (bytes: Uint8Array, source = 'test') => service.ingestor.ingest(bytes, source);

describe('ingest of the real ODF samples', () => {
  it('takes all 9 files without error, and their schedules appear', () => {
    const files = sampleFiles();
    expect(files).toHaveLength(9);
    for (const file of files) expect(ingest(readSample(file), file).outcome).toBe('stored');
    for (const discipline of ['ATH', 'BKB', 'CER', 'DIV', 'FBL', 'GAR', 'HBL', 'VVO']) {
      const code = discipline.padEnd(34, '-');
      expect(service.store.get('DT_SCHEDULE', code), discipline).toBeDefined();
      const derived = service.store.json<{ units: { code: string }[] }>('SCHEDULE_DISCIPLINE', code);
      expect(derived?.units.length, discipline).toBeGreaterThan(0);
    }
    const all = service.store.json<{ units: number; disciplines: { code: string }[] }>('SCHEDULE', 'ALL')!;
    expect(all.disciplines.map((d) => d.code)).toEqual(['ATH', 'BKB', 'CER', 'DIV', 'FBL', 'GAR', 'HBL', 'VVO']);
    expect(all.units).toBe(643);
  });

  it('keeps values as sent and repeating elements as arrays', () => {
    const file = sampleFiles().find((f) => f.includes('BOBOTEAM4'))!;
    ingest(readSample(file));
    const doc = service.store.json<Record<string, unknown>>('DT_RESULT', 'BOBOTEAM4-------------TRNO000500--')!;
    expect(doc.Version).toBe('163');
    const rows = (doc.Competition as { Result: Record<string, unknown>[] }[])[0]!.Result;
    expect(rows).toHaveLength(28);
    expect(rows[0]).toMatchObject({ Rank: '1', Result: '58.86', Diff: '0.00' });
    expect(Array.isArray(rows[0]!.Competitor)).toBe(true);
    const dns = rows.find((r) => r.IRM === 'DNS');
    expect(dns).toBeDefined();
  });

  it('orders units without dates last, and dated units by start then order', () => {
    for (const file of sampleFiles()) ingest(readSample(file));
    const schedule = service.store.json<{ units: { start?: string }[] }>('SCHEDULE_DISCIPLINE', 'CER'.padEnd(34, '-'))!;
    expect(schedule.units.every((u) => u.start === undefined)).toBe(true);
    const day = service.store.json<{ units: { start?: string }[] }>('SCHEDULE_DAY', '2024-08-01')!;
    const starts = day.units.map((u) => Date.parse(u.start!));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(service.store.get('SCHEDULE_DAY', 'UNSCHEDULED')).toBeDefined();
  });
});

const GOOD = { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: '3', ResultStatus: 'LIVE' };

/** Bad messages: each refused with its reason, and the store exactly as it was. */
const BAD: [string, Uint8Array, string, RegExp][] = [
  ['empty', Buffer.alloc(0), 'empty', /empty/],
  ['not XML', Buffer.from('this is not xml'), 'not-xml', /not well-formed XML/],
  ['truncated XML', odf(GOOD).subarray(0, 60), 'not-xml', /not well-formed XML/],
  [
    'not ODF',
    Buffer.from('<?xml version="1.0"?><Feed DocumentType="DT_RESULT"/>'),
    'not-odf',
    /root element is <Feed>/,
  ],
  ['no DocumentType', odf({ DocumentCode: UNIT, Version: '1' }), 'missing-attribute', /no DocumentType/],
  ['no DocumentCode', odf({ DocumentType: 'DT_RESULT', Version: '1' }), 'missing-attribute', /no DocumentCode/],
  ['no Version', odf({ DocumentType: 'DT_RESULT', DocumentCode: UNIT }), 'missing-attribute', /no Version/],
  ['a DocumentCode of the wrong shape', odf({ ...GOOD, DocumentCode: 'SWM-100' }), 'bad-attribute', /not an RSC/],
  ['a DocumentCode with lower case', odf({ ...GOOD, DocumentCode: UNIT.toLowerCase() }), 'bad-attribute', /not an RSC/],
  [
    'a DocumentType of the wrong shape',
    odf({ ...GOOD, DocumentType: 'RESULT' }),
    'bad-attribute',
    /not an ODF message type/,
  ],
  ['a Version that is not a number', odf({ ...GOOD, Version: 'v2' }), 'bad-attribute', /not a whole number/],
  [
    'a DOCTYPE (entity expansion)',
    Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><OdfBody/>'),
    'doctype',
    /DOCTYPE/,
  ],
  [
    'bytes that are not UTF-8',
    Buffer.concat([odf(GOOD).subarray(0, 50), Buffer.from([0xff, 0xfe, 0xfd])]),
    'bad-encoding',
    /not valid utf-8/,
  ],
  [
    'an unknown encoding',
    Buffer.from('<?xml version="1.0" encoding="x-klingon"?><OdfBody/>'),
    'bad-encoding',
    /unknown encoding/,
  ],
  ['a message over the size limit', Buffer.alloc(8 * MB + 1, 0x20), 'too-large', /over the limit of 8388608 bytes/],
];

describe('bad input', () => {
  it.each(BAD)('refuses %s, says why, and changes nothing', (_name, bytes, code, message) => {
    ingest(odf(GOOD));
    const before = snapshot(service);
    const result = ingest(bytes);
    expect(result.outcome).toBe('rejected');
    if (result.outcome !== 'rejected') return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(message);
    expect(snapshot(service)).toBe(before);
    // Logged as refused, with the reason, for an operator to look at and replay.
    expect(service.db.prepare('SELECT outcome, error, reason FROM messages ORDER BY id DESC LIMIT 1').get()).toEqual({
      outcome: 'rejected',
      error: code,
      reason: result.error.message,
    });
  });

  it('decodes a message in the encoding its declaration names', () => {
    const latin1 = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><OdfBody DocumentType="DT_RESULT" DocumentCode="${UNIT}" Version="1"><Competition><Result Rank="1"><Competitor Code="1" Organisation="GDG"><Description FamilyName="M\u00fcller"/></Competitor></Result></Competition></OdfBody>`,
      'latin1',
    );
    expect(ingest(latin1).outcome).toBe('stored');
    expect(service.store.get('DT_RESULT', UNIT)!.body).toContain('Müller');
  });
});

describe('version ordering', () => {
  it('stores a higher Version, ignores a lower one and says so, and is idempotent on an equal one', () => {
    expect(ingest(odf({ ...GOOD, Version: '5' }, '<Competition><Result Rank="1"/></Competition>')).outcome).toBe(
      'stored',
    );
    const older = ingest(odf({ ...GOOD, Version: '4' }, '<Competition><Result Rank="9"/></Competition>'));
    expect(older.outcome).toBe('ignored');
    if (older.outcome === 'ignored') expect(older.reason).toBe('Version 4 is older than the stored Version 5');
    const again = ingest(odf({ ...GOOD, Version: '5' }, '<Competition><Result Rank="1"/></Competition>'));
    expect(again.outcome).toBe('unchanged');
    expect(service.store.get('DT_RESULT', UNIT)!.version).toBe(5);
    expect(service.store.get('DT_RESULT', UNIT)!.body).toContain('"Rank":"1"');
    expect(ingest(odf({ ...GOOD, Version: '6', ResultStatus: 'OFFICIAL' })).outcome).toBe('stored');
    expect(service.store.get('DT_RESULT', UNIT)!.status).toBe('OFFICIAL');
  });

  it('keeps every message in the log with its bytes, the older one too', () => {
    ingest(odf({ ...GOOD, Version: '1' }));
    ingest(odf({ ...GOOD, Version: '2' }));
    ingest(odf({ ...GOOD, Version: '1' }));
    const log = service.db.prepare('SELECT version, outcome, body IS NOT NULL AS kept FROM messages ORDER BY id').all();
    expect(log).toEqual([
      { version: 1, outcome: 'stored', kept: 1 },
      { version: 2, outcome: 'stored', kept: 1 },
      { version: 1, outcome: 'ignored', kept: 1 },
    ]);
  });

  it('merges a schedule update into the discipline schedule by unit code', () => {
    const code = 'SWM'.padEnd(34, '-');
    const unit = (c: string, status: string) =>
      `<Unit Code="${c}" ScheduleStatus="${status}" StartDate="2025-11-10T${c.includes('HEAT') ? '10' : '19'}:00:00+08:00"><ItemName Language="ENG" Value="${c}"/></Unit>`;
    const a = 'SWMM100MFR------------HEAT000100--';
    const b = 'SWMM100MFR------------FNL-000100--';
    ingest(
      odf(
        { DocumentType: 'DT_SCHEDULE', DocumentCode: code, Version: '1' },
        `<Competition>${unit(a, 'SCHEDULED')}${unit(b, 'SCHEDULED')}</Competition>`,
      ),
    );
    ingest(
      odf(
        { DocumentType: 'DT_SCHEDULE_UPDATE', DocumentCode: code, Version: '1' },
        `<Competition>${unit(b, 'DELAYED')}</Competition>`,
      ),
    );
    const units = service.store.json<{ units: { code: string; status: string }[] }>('SCHEDULE_DISCIPLINE', code)!.units;
    expect(units.map((u) => [u.code, u.status])).toEqual([
      [a, 'SCHEDULED'],
      [b, 'DELAYED'],
    ]);
  });
});

describe('derived documents follow each message', () => {
  const medallists = (version: string, events: string) =>
    odf(
      { DocumentType: 'DT_MEDALLISTS', DocumentCode: 'SWM'.padEnd(34, '-'), Version: version },
      `<Competition>${events}</Competition>`,
    );
  const event = (code: string, gold: string, silver: string, bronze: string) =>
    `<Event Code="${code}">${[
      ['ME_GOLD', gold],
      ['ME_SILVER', silver],
      ['ME_BRONZE', bronze],
    ]
      .map(
        ([type, org]) =>
          `<Medal Type="${type}"><Competitor Code="${org}1" Type="A" Organisation="${org}"><Description GivenName="A" FamilyName="B"/></Competitor></Medal>`,
      )
      .join('')}</Event>`;
  type Tally = {
    rows: { organisation: string; gold: number; silver: number; bronze: number; total: number; rank: number }[];
  };

  it('a new medallist changes the tally, ranked by gold, then silver, then bronze', () => {
    ingest(medallists('1', event('SWMM100MFR--------------------------'.slice(0, 34), 'GDG', 'SHH', 'ZHJ')));
    let tally = service.store.json<Tally>('MEDAL_TALLY', 'ALL')!;
    expect(tally.rows.map((r) => [r.organisation, r.gold, r.silver, r.bronze, r.rank])).toEqual([
      ['GDG', 1, 0, 0, 1],
      ['SHH', 0, 1, 0, 2],
      ['ZHJ', 0, 0, 1, 3],
    ]);
    ingest(
      medallists(
        '2',
        event('SWMM100MFR'.padEnd(34, '-'), 'GDG', 'SHH', 'ZHJ') +
          event('SWMW100MFR'.padEnd(34, '-'), 'SHH', 'ZHJ', 'GDG'),
      ),
    );
    tally = service.store.json<Tally>('MEDAL_TALLY', 'ALL')!;
    expect(tally.rows.map((r) => [r.organisation, r.gold, r.silver, r.bronze, r.total, r.rank])).toEqual([
      ['SHH', 1, 1, 0, 2, 1],
      ['GDG', 1, 0, 1, 2, 2],
      ['ZHJ', 0, 1, 1, 2, 3],
    ]);
    const all = service.store.json<{ medallists: unknown[] }>('MEDALLISTS', 'ALL')!;
    expect(all.medallists).toHaveLength(6);
    expect(service.store.json<{ medals: { total: number } }>('DELEGATION', 'GDG')!.medals.total).toBe(2);
  });

  it('a record in a result appears in the records broken, and a corrected result removes it', () => {
    const row = (record: string) =>
      `<Competition><Result Rank="1" Result="47.10"><Competitor Code="9" Organisation="GDG"><Description GivenName="Lei" FamilyName="WANG"/></Competitor>${record}</Result></Competition>`;
    ingest(
      odf(
        { ...GOOD, Version: '1' },
        row('<RecordIndicators><RecordIndicator Code="GR" RecordType="GR"/></RecordIndicators>'),
      ),
    );
    expect(service.store.json<{ records: { record: string; unit: string }[] }>('RECORDS', 'ALL')!.records).toEqual([
      expect.objectContaining({ record: 'GR', unit: UNIT, organisation: 'GDG', result: '47.10' }),
    ]);
    ingest(odf({ ...GOOD, Version: '2' }, row('')));
    expect(service.store.json<{ records: unknown[] }>('RECORDS', 'ALL')!.records).toEqual([]);
  });

  it('adds the Traditional text twin of Chinese text', () => {
    ingest(
      odf(
        { DocumentType: 'DT_SCHEDULE', DocumentCode: 'SWM'.padEnd(34, '-'), Version: '1' },
        `<Competition><Unit Code="${UNIT}" StartDate="2025-11-10T19:00:00+08:00" Medal="1"><ItemName Language="CHI" Value="男子100米自由泳决赛"/><ItemName Language="ENG" Value="Men's 100m Freestyle Final"/></Unit></Competition>`,
      ),
    );
    const units = service.store.json<{ units: { name: Record<string, string> }[] }>(
      'SCHEDULE_DAY',
      '2025-11-10',
    )!.units;
    expect(units[0]!.name).toEqual({
      CHI: '男子100米自由泳决赛',
      CHT: '男子100米自由泳決賽',
      ENG: "Men's 100m Freestyle Final",
    });
    expect(service.store.json<{ units: unknown[] }>('FINALS', '2025-11-10')!.units).toHaveLength(1);
  });
});
