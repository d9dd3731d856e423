import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../src/server/calendar/ics';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService, odf, SAMPLES_DIR } from './helpers';

/**
 * Issue 16, item 6: schedule subscriptions as iCalendar, read back by a calendar library (ical.js):
 * every dated unit once, at its time in the venue's zone, moved (same UID) when the schedule changes.
 */
let service: Service;
let server: PodiumServer;
let base: string;

const DIV_SAMPLE = join(
  SAMPLES_DIR,
  '20221223DIV-------------------------------DT_SCHEDULE___________________00003P2022-12-23102316736JBK.xml',
);
const SWM = 'SWM'.padEnd(34, '-');
const HEAT = 'SWMM100MFR------------HEAT000100--';
const FINAL = 'SWMM100MFR------------FNL-000100--';
/** A schedule of the games' own (+08:00), in the shape of the DIV sample's units. */
const unit = (code: string, start: string, end: string, status = 'SCHEDULED') =>
  `<Unit Code="${code}" ScheduleStatus="${status}" StartDate="${start}" EndDate="${end}" Venue="AQC" Medal="${code === FINAL ? '1' : '0'}"><ItemName Language="ENG" Value="${code === FINAL ? "Men's 100m Freestyle Final" : "Men's 100m Freestyle Heat 1"}"/><ItemName Language="CHI" Value="${code === FINAL ? '男子100米自由泳 决赛' : '男子100米自由泳 预赛第1组'}"/><VenueDescription VenueName="Guangdong Olympic Aquatics Centre" Language="ENG"/></Unit>`;

beforeAll(async () => {
  service = await memoryService();
  expect(service.ingestor.ingest(readFileSync(DIV_SAMPLE), 'sample').outcome).toBe('stored');
  const schedule = odf(
    { DocumentType: 'DT_SCHEDULE', DocumentCode: SWM, Version: '1' },
    `<Competition>${unit(HEAT, '2025-11-16T10:00:00+08:00', '2025-11-16T10:30:00+08:00')}${unit(FINAL, '2025-11-16T20:05:00+08:00', '2025-11-16T20:15:00+08:00')}</Competition>`,
  );
  expect(service.ingestor.ingest(schedule, 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

interface Read {
  name: string;
  zones: string[];
  events: { uid: string; summary: string; start: number; end: number; zone: string; location: string }[];
}

/** Parses a calendar as a calendar app would, its time zones registered from the file itself. */
function read(text: string): Read {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().getTime(),
        end: event.endDate.toJSDate().getTime(),
        zone: event.startDate.zone?.tzid ?? '',
        location: event.location,
      };
    }),
  };
}

describe('iCalendar text', () => {
  it('escapes text values and folds long lines at 75 octets, never inside a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const line = `SUMMARY:${'游泳'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('schedule subscriptions', () => {
  it("a discipline's units at the venue's time in the games' zone, in the reader's language", async () => {
    const response = await fetch(`${base}/calendar/discipline/SWM.ics?lang=zh_CN`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = read(await response.text());
    expect(calendar.zones).toEqual(['Asia/Shanghai']);
    expect(calendar.events).toEqual([
      {
        uid: `${HEAT}@podium`,
        summary: '游泳 男子100米自由泳 预赛第1组',
        start: Date.parse('2025-11-16T10:00:00+08:00'),
        end: Date.parse('2025-11-16T10:30:00+08:00'),
        zone: 'Asia/Shanghai',
        location: 'Guangdong Olympic Aquatics Centre',
      },
      {
        uid: `${FINAL}@podium`,
        summary: '游泳 男子100米自由泳 决赛',
        start: Date.parse('2025-11-16T20:05:00+08:00'),
        end: Date.parse('2025-11-16T20:15:00+08:00'),
        zone: 'Asia/Shanghai',
        location: 'Guangdong Olympic Aquatics Centre',
      },
    ]);
  });

  it('a real feed of another zone (Paris 2024 diving, +02:00): every dated unit once, at its instant', async () => {
    const units = service.store
      .json<{ units: { code: string; start?: string }[] }>('SCHEDULE_DISCIPLINE', 'DIV'.padEnd(34, '-'))!
      .units.filter((u) => u.start);
    expect(units.length).toBeGreaterThan(10);
    const calendar = read(await (await fetch(`${base}/calendar/discipline/DIV.ics?lang=en_US`)).text());
    expect(calendar.zones).toEqual(['UTC+0200']);
    expect(calendar.events.map((e) => [e.uid, e.start])).toEqual(
      units.map((u) => [`${u.code}@podium`, Date.parse(u.start!)]),
    );
  });

  it('follows the schedule: a moved unit keeps its UID and takes its new time; unchanged, a 304', async () => {
    const url = `${base}/calendar/follow.ics?discipline=SWM,DIV&delegation=NOPE&lang=en_US`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    const before = read(await first.text());
    expect(before.name).toBe('My schedule');
    expect(before.events.filter((e) => e.uid.startsWith('SWM'))).toHaveLength(2);
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const update = odf(
      { DocumentType: 'DT_SCHEDULE_UPDATE', DocumentCode: SWM, Version: '2' },
      `<Competition>${unit(FINAL, '2025-11-16T21:00:00+08:00', '2025-11-16T21:10:00+08:00', 'RESCHEDULED')}</Competition>`,
    );
    expect(service.ingestor.ingest(update, 'test').outcome).toBe('stored');
    const second = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(200);
    const moved = read(await second.text()).events.find((e) => e.uid === `${FINAL}@podium`)!;
    expect([moved.start, moved.end]).toEqual([
      Date.parse('2025-11-16T21:00:00+08:00'),
      Date.parse('2025-11-16T21:10:00+08:00'),
    ]);
  });

  it('answers 404 for a code with no schedule and 400 for a followed set too long', async () => {
    expect((await fetch(`${base}/calendar/delegation/ZZZ.ics`)).status).toBe(404);
    expect((await fetch(`${base}/calendar/discipline/constructor.ics`)).status).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => `A${i}`).join(',');
    expect((await fetch(`${base}/calendar/follow.ics?athlete=${many}`)).status).toBe(400);
  });
});
