/**
 * The folder of published files (issue 27): the service's pages and documents as files, for nginx
 * to send as it sends any file (deploy/nginx.conf looks here before it asks the service):
 *
 *   <slot>/pages/<language>/<path>/index<page parameters>.html   a page (and .html.gz beside it)
 *   <slot>/documents/<live|official><API path>                    a document (and .gz)
 *
 * Pages in the mirror's layout (src/server/export/pageFiles.ts), everything under its time slot: a
 * page may open on "today", so a copy holds for one slot only. The slot is the Unix time in seconds
 * without its last three digits (1,000 s), which nginx reads from `$msec` without arithmetic; a copy
 * of a past slot is never found.
 *
 * Files are replaced by rename (a reader gets the old bytes or the new, never a mix). Only slot
 * folders (digits) are ever removed: the configured folder may hold other things.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Seconds per slot: the last three digits of the Unix time in seconds. */
const SLOT_SECONDS = 1000;

/** The time slot of `now` (ms): pages rendered in one slot are the same pages. */
export function timeSlot(now: number): number {
  return Math.floor(now / (SLOT_SECONDS * 1000));
}

const SLOT_FOLDER = /^\d+$/;

export class PublishedFolder {
  private written = 0;
  constructor(readonly root: string) {}

  /** Removes every slot's pages: at start (their dependencies are not known) and when the publisher stops. */
  clear(): void {
    let entries: string[];
    try {
      entries = readdirSync(this.root);
    } catch {
      mkdirSync(this.root, { recursive: true });
      return;
    }
    for (const name of entries)
      if (SLOT_FOLDER.test(name)) rmSync(join(this.root, name), { recursive: true, force: true });
  }

  /** Removes the slots before `slot`. */
  clearBefore(slot: number): void {
    for (const name of readdirSync(this.root))
      if (SLOT_FOLDER.test(name) && Number(name) < slot)
        rmSync(join(this.root, name), { recursive: true, force: true });
  }

  /** The path of a page's file in a slot, relative to the root. */
  static fileOf(slot: number, pageFile: string): string {
    return `${slot}/${pageFile}`;
  }

  /**
   * Writes a file and its gzip copy (nginx's gzip_static), each by rename. Without a gzip copy, an
   * older one is removed: nginx would send it. Each version gets a later modification time than the
   * one before (a second at least): nginx's ETag is the time and the size, and two versions of a
   * live result in one second often have one size; the same ETag would keep a browser's old copy.
   */
  write(file: string, body: Buffer, gzip?: Buffer): void {
    const path = join(this.root, file);
    mkdirSync(dirname(path), { recursive: true });
    const seconds = this.nextModified(path);
    if (gzip) this.replace(`${path}.gz`, gzip, seconds);
    else this.removeIfThere(`${path}.gz`);
    this.replace(path, body, seconds);
  }

  remove(file: string): void {
    const path = join(this.root, file);
    this.removeIfThere(path);
    this.removeIfThere(`${path}.gz`);
  }

  private removeIfThere(path: string): void {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** Now, in whole seconds, or a second after the file's time if that is not earlier. */
  private nextModified(path: string): number {
    const now = Math.floor(Date.now() / 1000);
    const before = statSync(path, { throwIfNoEntry: false });
    return before ? Math.max(now, Math.floor(before.mtimeMs / 1000) + 1) : now;
  }

  private replace(path: string, bytes: Buffer, modified: number): void {
    const temporary = `${path}.${process.pid}.${(this.written += 1)}.tmp`;
    writeFileSync(temporary, bytes);
    utimesSync(temporary, modified, modified);
    renameSync(temporary, path);
  }
}
