/**
 * The folder of published pages (issue 27): the service's rendered pages as files, for nginx to send
 * as it sends any file (deploy/nginx.conf looks here before it asks the service). A page is
 *
 *   <slot>/pages/<language>/<path>/index<page parameters>.html   (and .html.gz beside it)
 *
 * in the mirror's layout (src/server/export/pageFiles.ts) under its time slot: a page may open on
 * "today", so a copy holds for one slot only. The slot is the Unix time in seconds without its last
 * three digits (1,000 s), which nginx reads from `$msec` without arithmetic; a copy of a past slot
 * is never found.
 *
 * Files are replaced by rename (a reader gets the old bytes or the new, never a mix). Only slot
 * folders (digits) are ever removed: the configured folder may hold other things.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
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

  /** Writes a page and its gzip copy, each by rename; the gzip first, so the page never lacks it. */
  write(file: string, html: Buffer, gzip: Buffer): void {
    const path = join(this.root, file);
    mkdirSync(dirname(path), { recursive: true });
    this.replace(`${path}.gz`, gzip);
    this.replace(path, html);
  }

  remove(file: string): void {
    const path = join(this.root, file);
    for (const each of [path, `${path}.gz`]) {
      try {
        unlinkSync(each);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  private replace(path: string, bytes: Buffer): void {
    const temporary = `${path}.${process.pid}.${(this.written += 1)}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  }
}
