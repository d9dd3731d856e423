import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScheduleGrid, ScheduleUnit } from '../../schemas/api';
import { dateRange } from '../../src/server/derive/scheduleGrid';
import { sharedLead, withoutPhase } from '../../src/server/derive/commonCode';
import type { Service } from '../../src/server/service';
import { memoryService, readSample, sampleFiles } from './helpers';

let service: Service;
beforeEach(async () => {
  service = await memoryService();
});
afterEach(() => service.close());

/** A unit element of a DT_SCHEDULE. */
const unit = (code: string, start: string, extra = '', venue = 'V1') =>
  `<Unit Code="${code}" StartDate="${start}" EndDate="${start}" Order="1" Venue="${venue}" ${extra}><ItemName Language="ENG" Value="${code}"/></Unit>`;
const schedule = (discipline: string, units: string[]) =>
  Buffer.from(
    `<OdfBody DocumentType="DT_SCHEDULE" DocumentCode="${discipline.padEnd(34, '-')}" Version="1"><Competition>${units.join('')}</Competition></OdfBody>`,
  );
const ingest = (message: Buffer) => expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
const grid = () => service.store.json<ScheduleGrid>('SCHEDULE_GRID', 'ALL')!;

describe('the schedule grid (SCHEDULE_GRID/ALL)', () => {
  it('counts a medal event once, on the day of its last medal unit, and runs days without gaps', () => {
    ingest(
      schedule('SWM', [
        unit('SWMM100MFR------------HEAT000100--', '2025-11-10T10:00:00+08:00', 'ScheduleStatus="FINISHED"'),
        // A bronze match the day before the final: the event is decided by the final.
        unit('SWMM100MFR------------BRNZ000100--', '2025-11-11T10:00:00+08:00', 'Medal="3" ScheduleStatus="RUNNING"'),
        unit('SWMM100MFR------------FNL-000100--', '2025-11-13T19:00:00+08:00', 'Medal="1" ScheduleStatus="SCHEDULED"'),
        unit('SWMW200MFR------------FNL-000100--', '2025-11-13T20:00:00+08:00', 'Medal="1"', 'V2'),
      ]),
    );
    const { days, rows, liveDay, zone, undated, nonCompetition } = grid();
    expect(days.map((d) => d.date)).toEqual(['2025-11-10', '2025-11-11', '2025-11-12', '2025-11-13']);
    expect(days.map((d) => d.medalEvents)).toEqual([0, 0, 0, 2]);
    expect(rows).toEqual([
      {
        discipline: 'SWM',
        cells: [
          { date: '2025-11-10', venue: 'V1', units: 1, medalEvents: 0 },
          { date: '2025-11-11', venue: 'V1', units: 1, medalEvents: 0 },
          { date: '2025-11-13', venue: 'V1', units: 1, medalEvents: 1 },
          { date: '2025-11-13', venue: 'V2', units: 1, medalEvents: 1 },
        ],
      },
    ]);
    // The feed says the games have reached the 11th: a unit is running then, none has started later.
    expect(liveDay).toBe('2025-11-11');
    expect(zone).toBe('+08:00');
    expect(undated).toBe(0);
    expect(nonCompetition).toEqual([]);
  });

  it('keeps the schedule of a discipline without a sport, and ceremony units, apart as non-competition', () => {
    ingest(schedule('SWM', [unit('SWMM100MFR------------FNL-000100--', '2025-11-10T19:00:00+08:00', 'Medal="1"')]));
    ingest(
      schedule('CER', [
        unit('CER-OPENING-----------------------', '2025-11-09T20:00:00+08:00', 'PhaseType="0"'),
        unit('CER-CLOSING-----------------------', '2025-11-21T20:00:00+08:00', 'PhaseType="0"'),
      ]),
    );
    const { days, rows, nonCompetition } = grid();
    expect(days[0]!.date).toBe('2025-11-09');
    expect(days.at(-1)!.date).toBe('2025-11-21');
    expect(rows.map((r) => r.discipline)).toEqual(['SWM']);
    expect(nonCompetition).toEqual([
      { date: '2025-11-09', venue: 'V1', units: 1 },
      { date: '2025-11-21', venue: 'V1', units: 1 },
    ]);
    const non = service.store.json<{ units: ScheduleUnit[] }>('SCHEDULE_NON', 'ALL')!.units;
    expect(non.map((u) => u.code)).toEqual([
      'CER-OPENING-----------------------',
      'CER-CLOSING-----------------------',
    ]);
    const day = service.store.json<{ units: ScheduleUnit[] }>('SCHEDULE_DAY', '2025-11-09')!.units;
    expect(day[0]).toMatchObject({ code: 'CER-OPENING-----------------------', nonCompetition: true });
    const index = service.store.json<{ disciplines: { code: string; nonCompetition?: boolean }[] }>('SCHEDULE', 'ALL')!;
    expect(index.disciplines).toEqual([
      { code: 'CER', units: 2, medalUnits: 0, nonCompetition: true },
      { code: 'SWM', units: 1, medalUnits: 1 },
    ]);
  });

  it('reads the real Paris feed: ceremonies and victory ceremonies apart, medal events per day, the zone', () => {
    for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
    const { days, rows, zone, undated } = grid();
    expect(zone).toBe('+02:00');
    expect(rows.map((r) => r.discipline)).toEqual(['ATH', 'BKB', 'DIV', 'FBL', 'GAR', 'HBL', 'VVO']);
    expect(days.map((d) => d.date)).toEqual(dateRange(days[0]!.date, days.at(-1)!.date));
    // Basketball decides its two events on their gold medal games (10 and 11 August).
    const basketball = rows.find((r) => r.discipline === 'BKB')!;
    expect(basketball.cells.filter((c) => c.medalEvents > 0).map((c) => [c.date, c.medalEvents])).toEqual([
      ['2024-08-10', 1],
      ['2024-08-11', 1],
    ]);
    const non = service.store.json<{ units: ScheduleUnit[] }>('SCHEDULE_NON', 'ALL')!.units;
    expect(non.some((u) => u.code === 'CER-OPENING-----------------------')).toBe(true);
    expect(non.some((u) => u.code === 'ATHM20KMWALK----------VICTFLOWER--')).toBe(true);
    expect(non.every((u) => u.nonCompetition)).toBe(true);
    expect(undated).toBeGreaterThan(0);
  });

  it("names an event by what its units' names share, not after its medal match (the real Paris feed)", () => {
    for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
    type Tree = { Discipline: string; Events: { EventFullRsc: string; ENG_EventName?: string }[] }[];
    const tree = service.store.json<{ Result: { Items: Tree } }>('COMMON_CODE', 'disciplineTree')!.Result.Items;
    const football = tree.find((d) => d.Discipline === 'FBL')!.Events;
    // Units "Men's Group A", "Men's Quarter-final", "Men's Gold Medal Match", "Men's Bronze Medal Match" ...
    expect(football.map((e) => e.ENG_EventName).sort()).toEqual(["Men's", "Women's"]);
  });
});

describe('sharedLead', () => {
  it('keeps the words (or, without spaces, the characters) every name starts with', () => {
    expect(sharedLead(["Men's U20 Group A", "Men's U20 Bronze Medal Match"])).toBe("Men's U20");
    expect(sharedLead(['男子20岁以下组 小组赛 A组', '男子20岁以下组 铜牌赛'])).toBe('男子20岁以下组');
    expect(sharedLead(['男子小组赛A组', '男子铜牌赛'])).toBe('男子');
    expect(sharedLead(['Final', 'Final'])).toBe('');
    expect(sharedLead(['Heat 1', 'Final'])).toBe('');
  });

  it("takes a single unit's phase off its name to name the event", () => {
    expect(withoutPhase("Women's Javelin Throw Final", 'Final')).toBe("Women's Javelin Throw");
    expect(withoutPhase('女子标枪 决赛', '决赛')).toBe('女子标枪');
    expect(withoutPhase('Final', 'Final')).toBe('Final');
    expect(withoutPhase("Men's Marathon", 'Final')).toBe("Men's Marathon");
  });
});
