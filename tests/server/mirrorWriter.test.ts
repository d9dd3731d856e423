/**
 * The mirror's writer (issue 51): a page the same bytes as one written before is a hard link to it
 * (one file on disk for both addresses, its gzip too), and writing one of two linked pages anew
 * leaves the other as it was. A write that fails names the file.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MirrorWriter } from '../../src/server/export/mirrorWriter';

let out: string;
afterEach(() => rmSync(out, { recursive: true, force: true }));

const page = (text: string) => [Buffer.from(text), gzipSync(text)] as const;

describe('the mirror writer', () => {
  it('links a page of the same bytes to the one written before, and unlinks it when written anew', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-writer-'));
    const writer = new MirrorWriter(out);
    const unit = 'pages/en_US/U/index.html';
    const tab = 'pages/en_US/U/index&tab=result.html';
    expect(writer.writePage(unit, ...page('<p>result</p>'))).toBeGreaterThan(0);
    expect(writer.writePage(tab, ...page('<p>result</p>'))).toBe(0);
    expect(writer.linked).toBe(1);
    for (const suffix of ['', '.gz']) {
      expect(statSync(join(out, tab + suffix)).ino).toBe(statSync(join(out, unit + suffix)).ino);
      expect(statSync(join(out, unit + suffix)).nlink).toBe(2);
    }
    // The unit's page changes (a new result): its tab's page, not rendered again, stays as it was.
    writer.write(unit, '<p>new result</p>', true);
    expect(readFileSync(join(out, unit), 'utf8')).toBe('<p>new result</p>');
    expect(readFileSync(join(out, tab), 'utf8')).toBe('<p>result</p>');
    expect(statSync(join(out, tab)).nlink).toBe(1);
  });

  it('leaves a page or file there with the same bytes as it is, and writes one that changed or lacks its gzip', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-writer-'));
    const first = new MirrorWriter(out);
    const report = 'reports/U/C73.pdf';
    const csv = 'api/csv/U.csv@lang=en_US';
    first.writeChanged(report, Buffer.from('%PDF-1'));
    first.writeChanged(csv, Buffer.from('a,b'), true);
    const before = statSync(join(out, report));
    // The next export of the same folder (an incremental one).
    const next = new MirrorWriter(out);
    expect(next.writeChanged(report, Buffer.from('%PDF-1'))).toBe(0);
    expect(statSync(join(out, report)).mtimeMs).toBe(before.mtimeMs);
    expect(next.writeChanged(report, Buffer.from('%PDF-2'))).toBe(6);
    expect(readFileSync(join(out, report), 'utf8')).toBe('%PDF-2');
    // A gzip copy lost (a stop between the two writes): written again.
    rmSync(join(out, `${csv}.gz`));
    expect(next.writeChanged(csv, Buffer.from('a,b'), true)).toBeGreaterThan(3);
    expect(statSync(join(out, `${csv}.gz`)).size).toBeGreaterThan(0);
    expect(next.unchanged).toBe(1);
  });

  it('names the file a write failed on', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-writer-'));
    // A file where the page's folder should be: the write cannot make the folder.
    writeFileSync(join(out, 'pages'), 'not a folder');
    expect(() => new MirrorWriter(out).write('pages/en_US/index.html', 'x')).toThrow(
      `${join(out, 'pages/en_US/index.html')}: `,
    );
  });
});
