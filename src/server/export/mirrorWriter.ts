import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Writes the mirror's files into its folder, each with its gzip beside it when asked (given, or made
 * here) for nginx's gzip_static, and counts the bytes written. A failed write (a full disk) throws
 * with the file's name: the export stops there, its manifest saying what is there.
 */
export class MirrorWriter {
  bytes = 0;
  private readonly folders = new Set<string>();

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
      writeFileSync(file, data);
      let written = data.length;
      if (gzip !== false) {
        const packed = gzip === true ? gzipSync(data) : gzip;
        writeFileSync(`${file}.gz`, packed);
        written += packed.length;
      }
      this.bytes += written;
      return written;
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}
