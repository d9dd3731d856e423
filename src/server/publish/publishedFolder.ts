/**
 * The folder of published files (issue 27): the service's pages and documents as files, for nginx
 * to send as it sends any file (deploy/nginx.conf looks here before it asks the service):
 *
 *   <slot>/pages/<language>/<path>/index<page parameters>.html   a page (and .html.gz beside it)
 *   <slot>/documents/<live|official><API path>                    a document (and .gz)
 *   last/pages/... and last/documents<API path>                   the newest of each, whatever its slot
 *
 * Pages in the mirror's layout (src/server/export/pageFiles.ts), everything under its time slot: a
 * page may open on "today", so a copy holds for one slot only. The slot is the Unix time in seconds
 * without its last three digits (1,000 s), which nginx reads from `$msec` without arithmetic; a copy
 * of a past slot is never found.
 *
 * Each file written is also the last copy of its page or document (issue 46: the same file, a hard
 * link): nginx sends it only when the origin fails to answer, so that a reader then gets the newest
 * version readers were sent, not the older copy nginx's cache kept nor its error page. A last copy
 * outlives its slot and a service that stops; it goes when its page or document is no more (or was
 * answered newer than it without being published), and with everything in `clear()`.
 *
 * Files are replaced by rename (a reader gets the old bytes or the new, never a mix). Only slot
 * folders (digits) and `last` are ever removed: the configured folder may hold other things.
 */
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** Seconds per slot: the last three digits of the Unix time in seconds. */
const SLOT_SECONDS = 1000;

/** The time slot of `now` (ms): pages rendered in one slot are the same pages. */
export function timeSlot(now: number): number {
  return Math.floor(now / (SLOT_SECONDS * 1000));
}

const SLOT_FOLDER = /^\d+$/;
/** The folder of the last copies, beside the slots'. */
const LAST_FOLDER = 'last';

/**
 * The last copy of a file under a slot (relative to the root): its path in `last/`, a document's
 * whether live or official (one URL, one last copy); undefined for a file under no slot.
 */
export function lastFileOf(file: string): string | undefined {
  const match = /^\d+\/(.+)$/.exec(file);
  return match ? `${LAST_FOLDER}/${match[1]!.replace(/^documents\/(?:live|official)\//, 'documents/')}` : undefined;
}

export class PublishedFolder {
  private written = 0;
  constructor(readonly root: string) {}

  /**
   * Removes every slot's pages and the last copies: nothing is sent from here any more (the
   * publishing process died while others still answer: nobody would keep them current).
   */
  clear(): void {
    this.removeFolders((name) => SLOT_FOLDER.test(name) || name === LAST_FOLDER);
  }

  /**
   * Removes every slot's pages, keeping the last copies: at start (what the slots' pages read is not
   * known), when the last copies are still the newest versions readers were sent.
   */
  clearSlots(): void {
    this.removeFolders((name) => SLOT_FOLDER.test(name));
  }

  private removeFolders(which: (name: string) => boolean): void {
    let entries: string[];
    try {
      entries = readdirSync(this.root);
    } catch {
      mkdirSync(this.root, { recursive: true });
      return;
    }
    for (const name of entries) if (which(name)) rmSync(join(this.root, name), { recursive: true, force: true });
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
   * Writes a file and its gzip copy (nginx's gzip_static), each by rename, and the same as its last
   * copy (lastFileOf). Without a gzip copy, an older one is removed: nginx would send it. Each
   * version gets a later modification time than the one before (a second at least), in its slot and
   * as the last copy: nginx's ETag is the time and the size, and two versions of a live result in
   * one second often have one size; the same ETag would keep a browser's old copy.
   */
  write(file: string, body: Buffer, gzip?: Buffer): void {
    const path = join(this.root, file);
    const lastFile = lastFileOf(file);
    const last = lastFile === undefined ? undefined : join(this.root, lastFile);
    mkdirSync(dirname(path), { recursive: true });
    if (last) mkdirSync(dirname(last), { recursive: true });
    const seconds = Math.max(this.nextModified(path), last ? this.nextModified(last) : 0);
    if (gzip) this.replace(gzip, seconds, `${path}.gz`, last && `${last}.gz`);
    else for (const old of [path, last]) if (old) this.removeIfThere(`${old}.gz`);
    this.replace(body, seconds, path, last);
  }

  /** Removes a file under its slot (its last copy stays). */
  remove(file: string): void {
    const path = join(this.root, file);
    this.removeIfThere(path);
    this.removeIfThere(`${path}.gz`);
  }

  /** Removes the last copy of a file under a slot. */
  removeLast(file: string): void {
    const last = lastFileOf(file);
    if (last === undefined) return;
    const path = join(this.root, last);
    // The plain file first: nginx looks for it before it sends either.
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

  /** Writes `bytes` at `path`, and at `last` too (the same file), each by rename. */
  private replace(bytes: Buffer, modified: number, path: string, last?: string): void {
    const temporary = `${path}.${process.pid}.${(this.written += 1)}.tmp`;
    writeFileSync(temporary, bytes);
    utimesSync(temporary, modified, modified);
    if (last) {
      const lastTemporary = `${last}.${process.pid}.${this.written}.tmp`;
      try {
        linkSync(temporary, lastTemporary);
      } catch {
        // A file system without hard links: a copy, with the same time (the same ETag).
        copyFileSync(temporary, lastTemporary);
        utimesSync(lastTemporary, modified, modified);
      }
      renameSync(lastTemporary, last);
    }
    renameSync(temporary, path);
  }
}
