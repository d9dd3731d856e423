/**
 * A unit's time is the venue's, as the feed wrote it: a real Paris 2024 schedule (+02:00) shows
 * 11:00 labelled UTC+02:00 on the schedule and on the unit page alike, never converted to the games'
 * +08:00 or to the machine's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueTime } from '../../src/core/gamesTime';
import type { Service } from '../../src/server/service';
import { render } from '../../src/web/entry-server';
import { memoryService, readSample, sampleFiles } from '../server/helpers';

let service: Service;
beforeAll(async () => {
  service = await memoryService();
  const schedule = sampleFiles().find((f) => f.includes('20221223DIV'))!;
  expect(service.ingestor.ingest(readSample(schedule), 'paris-div').outcome).toBe('stored');
});
afterAll(() => service?.close());

async function page(path: string): Promise<string> {
  const data = { document: async <T>(type: string, code: string) => service.store.json<T>(type, code) };
  const result = await render(new Request(`http://podium.test${path}`), { data, scripts: [], styles: [] });
  if (result.kind !== 'page') throw new Error(`${path}: ${result.status}`);
  let html = '';
  for await (const chunk of result.stream) html += String(chunk);
  return html.replace(/<!-- -->/g, '');
}

describe('venue time', () => {
  it('reads the feed’s own date, time and offset', () => {
    expect(venueTime('2024-07-27T11:00:00+02:00')).toEqual({ date: '2024-07-27', time: '11:00', zone: 'UTC+02:00' });
    expect(venueTime('2025-11-12T19:30:00.000Z')).toEqual({ date: '2025-11-12', time: '19:30', zone: 'UTC' });
    expect(venueTime('2025-11-12T19:30:00')).toEqual({ date: '2025-11-12', time: '19:30', zone: '' });
    expect(venueTime('not a date')).toBeUndefined();
    expect(venueTime(undefined)).toBeUndefined();
  });

  it('shows one time for a +02:00 unit on the schedule and on its page', async () => {
    const unit = 'DIVW3MTEAM2-----------FNL-000100--';
    const unitPage = await page(`/${unit}?lang=en_US`);
    expect(unitPage).toContain('2024-07-27 11:00');
    expect(unitPage).toContain('UTC+02:00');
    expect(unitPage).not.toContain('17:00');
    const schedule = await page('/schedule/daily?date=2024-07-27&lang=en_US');
    expect(schedule).toContain('>11:00<');
    expect(schedule).toContain('UTC+02:00');
    expect(schedule).not.toContain('17:00');
  });

  it('names a unit’s round from its code: a real schedule’s PhaseType="3" preliminary is not a final', async () => {
    // Every competition unit of the Paris schedule is PhaseType="3" (the ODF code of a competition
    // unit); the round is the phase part of the code: PREL, SFNL, FNL-.
    const phase = (html: string) => /Phase<\/dt>\s*<dd[^>]*>([^<]*)</.exec(html)?.[1];
    expect(phase(await page('/DIVW10M---------------PREL000100--?lang=en_US'))).toBe('Preliminary');
    expect(phase(await page('/DIVW10M---------------SFNL000100--?lang=en_US'))).toBe('Semifinal');
    expect(phase(await page('/DIVW10M---------------FNL-000100--?lang=en_US'))).toBe('Final');
    expect(await page('/DIVW10M---------------PREL000100--?lang=zh_CN')).toMatch(/<dd[^>]*>预赛</);
  });
});
