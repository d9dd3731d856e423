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

  it('names the file a write failed on', () => {
    out = mkdtempSync(join(tmpdir(), 'podium-writer-'));
    // A file where the page's folder should be: the write cannot make the folder.
    writeFileSync(join(out, 'pages'), 'not a folder');
    expect(() => new MirrorWriter(out).write('pages/en_US/index.html', 'x')).toThrow(
      `${join(out, 'pages/en_US/index.html')}: `,
    );
  });
});
