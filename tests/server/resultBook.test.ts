import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesLocalTime } from '../../src/core/gamesTime';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { officialEntries, renderResultBook } from '../../src/server/reports/resultBook';
import type { Service } from '../../src/server/service';
import { openDemoService } from '../support/demoService';
import { memoryService } from './helpers';

const pdfText = (pdf: Buffer, ...args: string[]) =>
  execFileSync('pdftotext', [...args, '-layout', '-', '-'], { input: pdf }).toString('utf8');
const pageCount = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);

let service: Service;
beforeAll(async () => {
  service = await openDemoService();
}, 180_000);
afterAll(() => service?.close());

describe('the result book of a discipline', () => {
  it('holds its official units, event by event and by schedule within an event', () => {
    const entries = officialEntries(service.store, 'SWM');
    const official = service.store
      .listByType('DT_RESULT')
      .filter((d) => d.code.startsWith('SWM') && d.status === 'OFFICIAL');
    expect(entries.length).toBe(official.length);
    const events = entries.map((e) => e.unit.event);
    // Each event's units are together.
    expect(events.filter((e, i) => e !== events[i - 1]).length).toBe(new Set(events).size);
  });

  it('renders a cover, contents whose page numbers point at each unit, and the results in CJK text', async () => {
    const sport = service.sports.find((s) => s.code === 'SWM')!;
    const entries = officialEntries(service.store, 'SWM');
    const pdf = await renderResultBook(sport, service.store);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const cover = pdfText(pdf, '-f', '1', '-l', '1');
    expect(cover).toContain('游泳 成绩册');
    expect(cover).toContain(`${entries.length} official results`);
    const contents = pdfText(pdf, '-f', '2', '-l', '2');
    expect(contents).toContain('目录 Contents');
    const first = entries[0]!;
    const line = contents.split('\n').find((l) => l.includes(first.unit.name.CHI!))!;
    const page = Number(/(\d+)\s*$/.exec(line)![1]);
    // The page the contents names starts with that unit's heading.
    expect(pdfText(pdf, '-f', String(page), '-l', String(page))).toContain(first.unit.name.CHI!);
    const last = pageCount(pdf);
    expect(pdfText(pdf, '-f', String(last), '-l', String(last))).toContain(`${last} / ${last}`);
  });

  it('renders a Hong Kong edition: the cover, contents and headings in Traditional Chinese', async () => {
    const sport = service.sports.find((s) => s.code === 'SWM')!;
    const entries = officialEntries(service.store, 'SWM');
    const events = new Set(entries.map((e) => e.unit.event)).size;
    const pdf = await renderResultBook(sport, service.store, 'zh_HK');
    const cover = pdfText(pdf, '-f', '1', '-l', '1');
    expect(cover).toContain('中華人民共和國第十五屆運動會');
    expect(cover).toContain('游泳 成績冊');
    expect(cover).toContain(`正式成績 ${entries.length} 個單元 · ${events} 個小項`);
    expect(cover).not.toContain('中华人民共和国');
    expect(cover).not.toContain('成绩册');
    expect(pdfText(pdf, '-f', '2', '-l', '2')).toContain('目錄 Contents');
    const text = pdfText(pdf);
    expect(text).toContain('成績公告 Results');
    expect(text).not.toContain('成绩公告');
    // The unit names as the schedule gives them in Traditional (or converted from the Simplified).
    const name = entries[0]!.unit.name;
    expect(text).toContain(name.CHT!);
    if (name.CHT !== name.CHI) expect(text).not.toContain(name.CHI!);
  });

  it('says so when a discipline has no official results yet', async () => {
    const empty = await memoryService();
    try {
      const pdf = await renderResultBook(empty.sports[0]!, empty.store);
      expect(pdfText(pdf)).toContain('暂无正式成绩 No official results yet');
      expect(pdfText(await renderResultBook(empty.sports[0]!, empty.store, 'zh_HK'))).toContain(
        '暫無正式成績 No official results yet',
      );
    } finally {
      empty.close();
    }
  });

  it('is served at the discipline C95 URL, cached per version of its results, framed only by the site', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-result-book-'));
    const server: Server = createPodiumServer(service, {
      config: { ...readConfig({}), dataDir },
      distDir: '/nonexistent-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const url = `${base}/reports/${'SWM'.padEnd(34, '-')}/C95.pdf`;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"C95-[0-9a-f]{12}"$/);
      expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Swimming Result Book');
      expect(readdirSync(join(dataDir, 'reports', 'cache'))).toHaveLength(1);
      expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      // The Hong Kong edition: its own address, ETag and cached file, for the same results.
      const hongKong = await fetch(`${base}/reports/zh_HK/${'SWM'.padEnd(34, '-')}/C95.pdf`);
      expect(hongKong.status).toBe(200);
      expect(hongKong.headers.get('etag')).toBe(etag.replace('"C95-', '"C95-zh_HK-'));
      const cover = pdfText(Buffer.from(await hongKong.arrayBuffer()), '-f', '1', '-l', '1');
      expect(cover).toContain('中華人民共和國第十五屆運動會');
      expect(cover).toContain('游泳 成績冊');
      expect(readdirSync(join(dataDir, 'reports', 'cache'))).toHaveLength(2);
      expect((await fetch(url, { headers: { 'If-None-Match': hongKong.headers.get('etag')! } })).status).toBe(200);
      expect((await fetch(`${base}/reports/${'SWMM100MFR'.padEnd(34, '-')}/C95.pdf`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the games local time', () => {
  it('shows an instant at UTC+08:00', () => {
    expect(gamesLocalTime('2025-11-09T16:30:00.000Z')).toBe('2025-11-10 00:30');
    expect(gamesLocalTime('not a date')).toBe('');
  });
});
