/**
 * The export's manifest (export/manifest.ts): each document version read is written once and pages
 * name their reads by place, read back as they were; and a folder an export is changing says it is
 * incomplete, whatever its manifest says, until a manifest saying complete is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MANIFEST_FILE,
  markUnderWay,
  readManifest,
  UNDER_WAY_FILE,
  writeManifest,
  type ExportManifest,
} from '../../src/server/export/manifest';

let out: string;
afterEach(() => rmSync(out, { recursive: true, force: true }));

const SCHEDULE = ['SCHEDULE', 'ALL', '"a"'] as const;
const manifest = (complete: boolean): Omit<ExportManifest, 'format'> => ({
  site: 'b1',
  lastMessage: 7,
  complete,
  pages: new Map([
    [
      'pages/en_US/index.html',
      { url: '/', locale: 'en_US', reads: [SCHEDULE, ['COMMON_CODE', 'organisation', '"o"']] },
    ],
    ['pages/zh_CN/index.html', { url: '/', locale: 'zh_CN', reads: [SCHEDULE] }],
    ['pages/zh_CN/x/index.html', { url: '/x', locale: 'zh_CN', reads: [] }],
  ]),
  documents: { 'api/crs/odf/json/SCHEDULE/ALL': '"a"' },
  files: { '/reports/X/C73.pdf': '"C73-3.1"', '/calendar/x.ics?lang=en': '' },
  failures: [],
});

describe('the export manifest', () => {
  it('writes each read once and reads the pages back as they were', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-manifest-'));
    writeManifest(out, manifest(true));
    const text = readFileSync(join(out, MANIFEST_FILE), 'utf8');
    // The schedule's version, read by two pages, is written once.
    expect(text.split('"SCHEDULE"').length - 1).toBe(1);
    const read = readManifest(out)!;
    expect(read).toEqual({ format: 5, ...manifest(true) });
    // Written again as read back (its reads shared between pages): the same file.
    writeManifest(out, read);
    expect(JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8'))).toEqual(JSON.parse(text));
  });

  it('says a folder being changed is incomplete until a complete manifest is written', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-manifest-'));
    writeManifest(out, manifest(true));
    markUnderWay(out);
    // An incremental export under way (or stopped) keeps the last manifest, which said complete.
    expect(readManifest(out)!.complete).toBe(false);
    writeManifest(out, manifest(false));
    expect(existsSync(join(out, UNDER_WAY_FILE))).toBe(true);
    writeManifest(out, manifest(true));
    expect(existsSync(join(out, UNDER_WAY_FILE))).toBe(false);
    expect(readManifest(out)!.complete).toBe(true);
  });
});
