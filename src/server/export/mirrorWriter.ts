import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Writes the mirror's files into its folder, each with its gzip beside it when asked (given, or made
 * here) for nginx's gzip_static, and counts the bytes written. A failed write (a full disk) throws
 * with the file's name: the export stops there, its manifest saying what is there.
 *
 * A page the same bytes as one written before (a unit's page and the same page asked by its opening
 * tab's name) is a hard link to it: one file on disk for both addresses. A file is removed before it
 * is written, so writing one of two linked pages anew never changes the other.
 */
export class MirrorWriter {
  bytes = 0;
  /** Pages written as links to a page of the same bytes. */
  linked = 0;
  private readonly folders = new Set<string>();
  private readonly pages = new Map<string, string>();

  constructor(private readonly out: string) {}

  /** The bytes written for it (the file and its gzip). */
  write(path: string, body: Buffer | string, gzip: Buffer | boolean = false): number {
    const file = join(this.out, path);
    try {
      const folder = dirname(file);
      if (!this.folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.folders.add(folder);
      }
      const data = typeof body === 'string' ? Buffer.from(body) : body;
      rmSync(file, { force: true });
      writeFileSync(file, data);
      let written = data.length;
      if (gzip !== false) {
        const packed = gzip === true ? gzipSync(data) : gzip;
        rmSync(`${file}.gz`, { force: true });
        writeFileSync(`${file}.gz`, packed);
        written += packed.length;
      }
      this.bytes += written;
      return written;
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** A page and its gzip: written, or linked to the page of the same bytes written before. */
  writePage(path: string, html: Buffer, gzip: Buffer): number {
    const hash = createHash('sha256').update(html).digest('base64url');
    const same = this.pages.get(hash);
    if (same === undefined) {
      const written = this.write(path, html, gzip);
      this.pages.set(hash, path);
      return written;
    }
    const file = join(this.out, path);
    try {
      mkdirSync(dirname(file), { recursive: true });
      for (const suffix of ['', '.gz']) {
        rmSync(`${file}${suffix}`, { force: true });
        linkSync(join(this.out, `${same}${suffix}`), `${file}${suffix}`);
      }
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    this.linked += 1;
    return 0;
  }
}
