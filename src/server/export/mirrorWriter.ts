import { createHash } from 'node:crypto';
import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 *
 * A page or linked file already there with the same bytes (an incremental export renders again a page
 * whose documents changed elsewhere than its text) is left as it is: a sync of the folder to object
 * storage uploads only what changed.
 */
export class MirrorWriter {
  bytes = 0;
  /** Pages written as links to a page of the same bytes. */
  linked = 0;
  /** Pages and files found there already with the same bytes, left as they were. */
  unchanged = 0;
  private readonly folders = new Set<string>();
  private readonly pages = new Map<string, string>();

  /**
   * `empty`: the folder was emptied for this run, so no file is there but those it writes (each
   * once): nothing to compare or remove first. Those look-ups were most of a full export's system
   * calls on the thread that hands the render threads their pages.
   */
  constructor(
    private readonly out: string,
    private readonly empty = false,
  ) {}

  private folderFor(file: string): void {
    const folder = dirname(file);
    if (this.folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
  }

  /** Removes a file written before (none can be there in an emptied folder). */
  private remove(file: string): void {
    if (!this.empty) rmSync(file, { force: true });
  }

  /**
   * A gzip copy written before is written over in place unless it is a link to another page's
   * (that one would change too): an unlink of each was a third of an incremental export's time on
   * this thread. Its file is removed before, so a stop meanwhile leaves no whole file beside it.
   */
  private removeIfLinked(file: string): void {
    if (this.empty) return;
    try {
      if (lstatSync(file).nlink > 1) rmSync(file, { force: true });
    } catch {
      // Not there: nothing to remove.
    }
  }

  /** The bytes written for it (the file and its gzip). */
  write(path: string, body: Buffer | string, gzip: Buffer | boolean = false): number {
    const file = join(this.out, path);
    try {
      this.folderFor(file);
      const data = typeof body === 'string' ? Buffer.from(body) : body;
      // The gzip first: a file there whole says its gzip is whole too (writeChanged trusts it).
      this.remove(file);
      let written = data.length;
      if (gzip !== false) {
        const packed = gzip === true ? gzipSync(data) : gzip;
        this.removeIfLinked(`${file}.gz`);
        writeFileSync(`${file}.gz`, packed);
        written += packed.length;
      }
      writeFileSync(file, data);
      this.bytes += written;
      return written;
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** A file whose gzip is made from it: written unless it is there already with the same bytes. */
  writeChanged(path: string, body: Buffer, gzip: Buffer | boolean = false): number {
    if (this.holds(path, body, gzip !== false)) {
      this.unchanged += 1;
      return 0;
    }
    return this.write(path, body, gzip);
  }

  /** A page and its gzip: written, or linked to the page of the same bytes written before. */
  writePage(path: string, html: Buffer, gzip: Buffer): number {
    const hash = createHash('sha256').update(html).digest('base64url');
    const same = this.pages.get(hash);
    if (same === undefined) {
      const written = this.writeChanged(path, html, gzip);
      this.pages.set(hash, path);
      return written;
    }
    const file = join(this.out, path);
    try {
      this.folderFor(file);
      for (const suffix of ['', '.gz']) {
        this.remove(`${file}${suffix}`);
        linkSync(join(this.out, `${same}${suffix}`), `${file}${suffix}`);
      }
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    this.linked += 1;
    return 0;
  }

  /** Whether the file is there with these bytes (and its gzip beside it, when it has one). */
  private holds(path: string, body: Buffer, gzipped: boolean): boolean {
    if (this.empty) return false;
    const file = join(this.out, path);
    try {
      return readFileSync(file).equals(body) && (!gzipped || existsSync(`${file}.gz`));
    } catch {
      return false;
    }
  }
}
