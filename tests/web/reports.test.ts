import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { disciplineOf } from '../../src/core/rsc';
import { onlyPreviewChanged, previewKey, withParams, type ReportRow } from '../../src/web/data/reportList';
import { findReport, pageOfGames, pageOfList } from '../../src/web/data/reportPages';
import type { DataSource } from '../../src/web/data/source';
import { openDemoService } from '../support/demoService';

/** The report list and result book pages, rendered by the service over the demo games. */
let service: Service;
let server: Server;
let base: string;
let cacheDir: string;

beforeAll(async () => {
  service = await openDemoService();
  // Rendered PDFs are cached under the server's data folder: a scratch one, not the shared store's.
  cacheDir = mkdtempSync(join(tmpdir(), 'podium-report-pages-'));
  server = createPodiumServer(service, {
    config: { ...readConfig({}), dataDir: cacheDir },
    distDir: '/nonexistent-dist',
    version: 'test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const html = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};
const bodyRows = (page: string) => (page.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0].match(/<tr\b/g) ?? []).length;
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

interface Row {
  code: string;
  docType: string;
  file: string;
}
const officialUnit = (): Row =>
  service.store.json<{ reports: Row[] }>('REPORT_LIST', 'ALL')!.reports.find((r) => r.docType === 'C73')!;

describe('/report', () => {
  it('lists the reports with the spec columns, in pages, and the filter form works as a plain GET', async () => {
    const page = await html('/report');
    expect(page).toContain('成绩报告');
    // The page's own form, in its main part (the header has the site search).
    const form = /<main[\s\S]*?(<form\b[^>]*>)/.exec(page)![1]!;
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/report"');
    expect(page).toContain('name="discipline"');
    expect(page).toContain('name="type"');
    for (const column of ['报告代码', '名称', '小项或场次', '编码', '更新时间', '版本', '预览'])
      expect(page).toContain(column);
    expect(page).toContain('当地时间 UTC+08:00');
    expect(bodyRows(page)).toBe(100);
    expect(page).toContain('rel="next"');
    expect(page).toMatch(/共 \d{4} 份报告/);
  });

  it('narrows the rows by sport and by type, and says when nothing matches', async () => {
    const sport = officialUnit().code.slice(0, 3);
    const bySport = await html(`/report?discipline=${sport}`);
    const codes = [...bySport.matchAll(/class="hide-narrow report-code">([A-Z0-9-]+)</g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith(sport))).toBe(true);
    expect(bySport).toMatch(new RegExp(`<option value="${sport}" selected`));

    const results = await html(`/report?discipline=${sport}&type=C73`);
    const types = [...results.matchAll(/<tr[^>]*><td class="hide-narrow">([A-Z0-9]+)<\/td>/g)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['C73']));
    expect(results).toContain('成绩公告');

    const none = await html(`/report?discipline=${sport}&type=C93&lang=en_US`);
    expect(none).toContain('No results found');
    expect(bodyRows(none)).toBe(0);
  });

  it('names the unit a report is about and links its PDF for download', async () => {
    const row = officialUnit();
    const unit = service.store
      .json<{ units: { code: string; name: { CHI: string } }[] }>(
        'SCHEDULE_DISCIPLINE',
        row.code.slice(0, 3).padEnd(34, '-'),
      )!
      .units.find((u) => u.code === row.code)!;
    const page = await html(`/report?discipline=${row.code.slice(0, 3)}&type=C73`);
    expect(page).toContain(unit.name.CHI);
    expect(page).toContain(`href="${row.file}" download=""`);
  });

  it('links the Hong Kong edition from zh_HK pages, the standard one from zh_CN and en_US pages', async () => {
    const row = officialUnit();
    const hongKongFile = `/reports/zh_HK/${row.code}/C73.pdf`;
    expect(row.file).toBe(`/reports/${row.code}/C73.pdf`);
    const query = `discipline=${row.code.slice(0, 3)}&type=C73&preview=${encodeURIComponent(`${row.code}/C73`)}`;
    const hongKong = await html(`/report?${query}&lang=zh_HK`);
    expect(hongKong).toContain(`href="${hongKongFile}" download=""`);
    expect(hongKong).toContain(`<iframe class="report-preview-frame" src="${hongKongFile}"`);
    // The page's data keeps REPORT_LIST's standard `file`; no link or frame opens it.
    expect(hongKong).not.toContain(`href="${row.file}"`);
    expect(hongKong).not.toContain(`src="${row.file}"`);
    for (const lang of ['zh_CN', 'en_US']) {
      const page = await html(`/report?${query}&lang=${lang}`);
      expect(page, lang).toContain(`href="${row.file}" download=""`);
      expect(page, lang).toContain(`<iframe class="report-preview-frame" src="${row.file}"`);
      expect(page, lang).not.toContain('/reports/zh_HK/');
    }
    // The result book page and a sport's report tab alike.
    const books = await html('/resultBook?lang=zh_HK&preview=SWM');
    expect(books).toMatch(/href="\/reports\/zh_HK\/SWM-+\/C95\.pdf" download=""/);
    expect(books).toMatch(/<iframe class="report-preview-frame" src="\/reports\/zh_HK\/SWM-+\/C95\.pdf"/);
    expect(await html('/resultBook?lang=zh_CN')).not.toContain('/reports/zh_HK/');
    const tab = await html(`/discipline/${row.code.slice(0, 3)}/report?lang=zh_HK`);
    expect(tab).toMatch(/href="\/reports\/zh_HK\/[A-Z0-9-]{34}\/C\d\d\.pdf" download=""/);
    expect(tab).not.toMatch(/href="\/reports\/[A-Z0-9-]{34}\//);
    // Served in Traditional Chinese.
    const pdf = await fetch(`${base}${hongKongFile}`);
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('成績公告 Results');
  });

  it('opens the preview panel named by ?preview=, as a dialog framing the PDF, with a link to close it', async () => {
    const row = officialUnit();
    const query = `discipline=${row.code.slice(0, 3)}&type=C73`;
    const closed = await html(`/report?${query}`);
    expect(closed).not.toContain('<dialog');
    const key = encodeURIComponent(`${row.code}/C73`);
    // The list's "Preview" is the PDF itself (the app opens the panel in place): no page per report.
    expect(closed).not.toContain('preview=');
    expect(closed).toMatch(new RegExp(`<a href="${row.file}" aria-label="[^"]*">预览</a>`));
    const page = await html(`/report?${query}&preview=${key}`);
    expect(page).toMatch(/<dialog open=""[^>]*aria-labelledby="report-preview-title"/);
    expect(page).toContain(`<iframe class="report-preview-frame" src="${row.file}"`);
    expect(page).toContain(`href="/report?${query.replace('&', '&amp;')}"`);
    // The PDF may be framed by the site's own pages, by no one else.
    const pdf = await fetch(`${base}${row.file}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(pdf.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
  });

  it("pages the games' list from the counts and the lists of the sports a page shows, as the whole list would", async () => {
    const all = service.store.json<{ reports: ReportRow[] }>('REPORT_LIST', 'ALL')!.reports;
    const reads: string[] = [];
    const data = {
      document: async (type: string, code: string) => {
        reads.push(`${type}/${code}`);
        return service.store.json(type, code);
      },
    } as DataSource;
    for (const type of ['', 'C51', 'C73', 'C95']) {
      const whole = pageOfList(all, type, 1);
      expect(whole.pages, type).toBeGreaterThan(type === 'C95' ? 0 : 2);
      for (let page = 1; page <= whole.pages + 1; page += 1) {
        reads.length = 0;
        const paged = await pageOfGames(data, type, page);
        const expected = pageOfList(all, type, page);
        expect({ ...paged, shown: paged.shown.map(previewKey) }, `${type} page ${page}`).toEqual({
          ...expected,
          shown: expected.shown.map(previewKey),
        });
        // Read: the counts, and the lists of the sports on the page (never the games' whole list).
        const sports = new Set(expected.shown.map((row) => `REPORT_LIST/${disciplineOf(row.code)}`));
        expect(reads.sort()).toEqual(['REPORT_COUNTS/ALL', ...sports].sort());
      }
    }
    // A report on another page of the list is found in its sport's list, if the filters keep it.
    const last = all.filter((row) => row.docType === 'C73').at(-1)!;
    reads.length = 0;
    expect(await findReport(data, previewKey(last), { type: 'C73', discipline: '' })).toEqual(last);
    expect(reads).toEqual([`REPORT_LIST/${disciplineOf(last.code)}`]);
    expect(await findReport(data, previewKey(last), { type: 'C51', discipline: '' })).toBeUndefined();
    expect(await findReport(data, previewKey(last), { type: '', discipline: 'ZZZ' })).toBeUndefined();
  });

  it('reuses the list on a sport report tab', async () => {
    const sport = officialUnit().code.slice(0, 3);
    const tab = await html(`/discipline/${sport}/report`);
    expect(tab).toContain('class="data-table report-table"');
    expect(tab).toContain('成绩册');
  });
});

describe('/resultBook', () => {
  it('lists every sport with its official units, events and last update, and previews its book', async () => {
    const page = await html('/resultBook?lang=en_US');
    expect(page).toContain('Result Books');
    expect(page).toMatch(
      /<th scope="row"><a href="\/discipline\/ATH\/report"[^>]*>Athletics<\/a><\/th><td>[1-9]\d*<\/td>/,
    );
    const link = /href="(\/reports\/([A-Z0-9]{3})-+\/C95\.pdf)" download=""/.exec(page)!;
    expect(link).not.toBeNull();
    const preview = await html(`/resultBook?preview=${link[2]}`);
    expect(preview).toContain(`<iframe class="report-preview-frame" src="${link[1]}"`);
    expect(preview).toContain('成绩册');
  });

  it('serves the book as a PDF that reads back: cover, contents with page numbers, the results', async () => {
    const page = await html('/resultBook');
    const file = /href="(\/reports\/SWM-+\/C95\.pdf)" download=""/.exec(page)![1]!;
    const res = await fetch(`${base}${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('游泳 成绩册');
    expect(text).toContain('Swimming Result Book');
    expect(text).toContain('目录 Contents');
    expect(text).toMatch(/成绩公告 Results/);
    // A contents line: date and time, the unit's names, its page.
    expect(text).toMatch(/\d\d-\d\d \d\d:\d\d\s+\S.+\s+\d+\n/);
  });
});

describe('report list helpers', () => {
  it('keep the other parameters when a link changes one', () => {
    expect(withParams('/report', '?discipline=ATH&page=2', { preview: 'X/C73' })).toBe(
      '/report?discipline=ATH&page=2&preview=X%2FC73',
    );
    expect(withParams('/report', '?preview=X', { preview: undefined })).toBe('/report');
  });

  it('skip reloading the data when only the preview changes', () => {
    const url = (s: string) => new URL(s, 'http://site');
    expect(onlyPreviewChanged(url('/report?type=C73'), url('/report?type=C73&preview=A/C73'))).toBe(true);
    expect(onlyPreviewChanged(url('/report?type=C73'), url('/report?type=C51'))).toBe(false);
    expect(onlyPreviewChanged(url('/report'), url('/resultBook'))).toBe(false);
  });
});
