/**
 * Keeps the published files (publishedFolder.ts) true to the store, so nginx can send them without
 * asking the service (issue 27: pages and documents through nginx at the speed of files).
 *
 * A page or document is published when the service answers it to a reader; from then on, whenever
 * a document it read changes, the publisher makes it again and replaces the file: nginx sends the
 * old file until the new one is renamed over it (stale while revalidated, with no reader waiting).
 * One process publishes (start.ts): a version is rendered once, not once per server process.
 *
 * Renders follow readers, not the whole games: a copy is kept current for `keepForMs` after a reader
 * last reached the service for it; after that, its next change removes the file, and the next reader
 * goes to the service through nginx's cache (which asks the service, which publishes it again).
 * A copy that cannot be made any more (an error, a redirect, not found) is removed, never left.
 *
 * Each file is also its page's or document's last copy (publishedFolder.ts), which nginx sends when
 * the origin does not answer (deploy/nginx.conf): it stays when the file goes because its slot
 * turned, no reader asked for it lately, its render failed or the service stopped (it is still the
 * newest version readers were sent), and goes with its page when that is not found any more, and
 * when the service answered a newer version than it that it did not publish (past `maxCopies`, or
 * rendered before a change): that answer is in nginx's cache, which nginx then uses instead.
 */
import type { DocumentVersions, PageDependency } from '../http/pageCache';
import { PublishedFolder, timeSlot } from './publishedFolder';

/** One published answer: its file (relative to its slot), its bytes and what it read. */
export interface PublishedCopy {
  readonly file: string;
  readonly status: number;
  readonly body: Buffer;
  /** The gzip copy nginx sends to readers who take it; none for a body too small to gain. */
  readonly gzip?: Buffer | undefined;
  readonly dependencies: readonly PageDependency[];
}

/** What makes a published copy again from the store as it is: undefined when there is none now. */
export type PublishedRender = () => Promise<PublishedCopy | undefined>;

export interface PublisherOptions {
  /** How often the store is looked at for changes (ms). */
  readonly checkEveryMs?: number;
  /** How long a copy is kept current after a reader last asked the service for it (ms). */
  readonly keepForMs?: number;
  /** Renders at once, at most (the render threads' count). */
  readonly concurrency?: number;
  /**
   * Copies kept current at most: past it, what readers ask for goes through the cache instead, so
   * requests for many distinct pages cannot make every change cost as many renders.
   */
  readonly maxCopies?: number;
  readonly now?: () => number;
}

interface Published {
  /** Its file in the current slot (a document moves when it becomes official). */
  file: string;
  readonly render: PublishedRender;
  dependencies: readonly PageDependency[];
  askedAt: number;
}

export class Publisher {
  /** By name: what the copy is (a page in a language, a document), whatever its file. */
  private readonly copies = new Map<string, Published>();
  private readonly checkEveryMs: number;
  private readonly keepForMs: number;
  private readonly concurrency: number;
  private readonly maxCopies: number;
  private readonly now: () => number;
  private generation = -1;
  private slot: number;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;
  /** Copies made again to keep them current (what the load bench reports). */
  refreshes = 0;

  constructor(
    readonly folder: PublishedFolder,
    private readonly versions: DocumentVersions,
    private readonly storeGeneration: () => number,
    options: PublisherOptions = {},
  ) {
    this.checkEveryMs = options.checkEveryMs ?? 100;
    this.keepForMs = options.keepForMs ?? 10 * 60_000;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.maxCopies = options.maxCopies ?? 20_000;
    this.now = options.now ?? Date.now;
    this.slot = timeSlot(this.now());
    folder.clearSlots();
  }

  /**
   * A copy the service answered to a reader: written if `name` is not published yet (`answered`
   * makes it only then: a reader's request costs one lookup), and kept current from now on.
   * `render` must read the store as it is when called.
   */
  publish(name: string, answered: () => PublishedCopy | undefined, render: PublishedRender): void {
    if (this.stopped) return;
    const now = this.now();
    if (timeSlot(now) !== this.slot) this.changeSlot(timeSlot(now));
    const known = this.copies.get(name);
    if (known) {
      known.askedAt = now;
      return;
    }
    const copy = answered();
    if (!copy) return;
    // Not published, so its last copy goes (a reader got this answer, through nginx's cache): past
    // the most copies kept, not a 200, or rendered before a change it has not seen (a render takes a
    // while: no file, or the store's next look, which has already happened, would never find it stale).
    if (
      this.copies.size >= this.maxCopies ||
      copy.status !== 200 ||
      copy.dependencies.some((d) => this.versions(d.type, d.code) !== d.etag)
    )
      return this.removeLast(PublishedFolder.fileOf(this.slot, copy.file));
    const file = PublishedFolder.fileOf(this.slot, copy.file);
    if (!this.write(name, file, copy)) return;
    this.copies.set(name, { file, render, dependencies: copy.dependencies, askedAt: now });
  }

  private readonly making = new Set<string>();

  /**
   * A copy another process answered: made here once (`render`), then kept current as `publish`
   * keeps a copy; a copy already published is only marked as asked for. Its name is its file (a
   * page's: Site.publishPage): past the most copies kept, its last copy goes without a render.
   */
  async publishRendered(name: string, render: PublishedRender): Promise<void> {
    if (this.stopped || this.making.has(name)) return;
    const known = this.copies.get(name);
    if (known) {
      known.askedAt = this.now();
      return;
    }
    if (this.copies.size >= this.maxCopies) return this.removeLast(PublishedFolder.fileOf(this.slot, name));
    this.making.add(name);
    try {
      const copy = await render();
      this.publish(name, () => copy, render);
    } catch (error) {
      console.error(`podium: publishing ${name}: ${(error as Error).message}`);
    } finally {
      this.making.delete(name);
    }
  }

  get size(): number {
    return this.copies.size;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  /**
   * Stops keeping copies current. With `remove`, its files and the last copies go too (nginx asks
   * the service again, and uses its cache when the service fails); without, they stay for nginx to
   * send while the service is down (nothing can change them then): the slot's files until the slot
   * turns, the last copies after that.
   */
  stop(remove = true): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.copies.clear();
    if (!remove) return;
    try {
      this.folder.clear();
    } catch (error) {
      console.error(`podium: cannot remove the published files: ${(error as Error).message}`);
    }
  }

  /** One look at the store (the timer's tick; tests call it). Resolves when its renders are written. */
  check(): Promise<void> {
    this.checking ??= this.refresh().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async refresh(): Promise<void> {
    const slot = timeSlot(this.now());
    if (slot !== this.slot) this.changeSlot(slot);
    const generation = this.storeGeneration();
    if (generation === this.generation) return;
    this.generation = generation;
    // One look per document, however many copies read it.
    const current = new Map<string, string>();
    const stale = (dependencies: readonly PageDependency[]) =>
      dependencies.some((d) => {
        const key = `${d.type}/${d.code}`;
        let etag = current.get(key);
        if (etag === undefined) current.set(key, (etag = this.versions(d.type, d.code)));
        return etag !== d.etag;
      });
    const changed = [...this.copies].filter(([, copy]) => stale(copy.dependencies));
    const now = this.now();
    const queue = changed.filter(([name, copy]) => {
      if (now - copy.askedAt <= this.keepForMs) return true;
      this.unpublish(name, copy.file);
      return false;
    });
    const work = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.makeAgain(...next, stale);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, work));
  }

  private async makeAgain(
    name: string,
    copy: Published,
    stale: (dependencies: readonly PageDependency[]) => boolean,
  ): Promise<void> {
    let fresh: PublishedCopy | undefined;
    let failed = false;
    try {
      fresh = await copy.render();
    } catch (error) {
      failed = true;
      console.error(`podium: publishing ${copy.file}: ${(error as Error).message}`);
    }
    // The slot may have turned, or the copy been dropped, while it rendered.
    if (this.stopped || this.copies.get(name) !== copy) return;
    if (!fresh || fresh.status !== 200) {
      console.error(`podium: ${copy.file}: ${fresh ? `status ${fresh.status}` : 'nothing to publish'} now; removed`);
      this.unpublish(name, copy.file);
      // A render that failed keeps the last copy (the service may fail its readers too); a page that
      // is no more takes it along.
      if (!failed) this.removeLast(copy.file);
      return;
    }
    // Rendered from an older view of the store than this look's (a render thread's connection looks
    // for other connections' commits every 0.1 s): written, and made again at the next look, not
    // left as it is until the next change.
    if (stale(fresh.dependencies)) this.generation = -1;
    const file = PublishedFolder.fileOf(this.slot, fresh.file);
    if (!this.write(name, file, fresh)) return;
    if (file !== copy.file) this.removeFile(copy.file);
    this.refreshes += 1;
    copy.file = file;
    copy.dependencies = fresh.dependencies;
  }

  /** Writes a copy's file; false (logged, the copy left unpublished) when the folder refuses it. */
  private write(name: string, file: string, copy: PublishedCopy): boolean {
    try {
      this.folder.write(file, copy.body, copy.gzip);
      return true;
    } catch (error) {
      console.error(`podium: cannot publish ${file}: ${(error as Error).message}`);
      const known = this.copies.get(name);
      if (known && known.file !== file) this.unpublish(name, known.file);
      this.unpublish(name, file);
      // Its last copy may be older than what the service answers from now on.
      this.removeLast(file);
      return false;
    }
  }

  private unpublish(name: string, file: string): void {
    this.copies.delete(name);
    this.removeFile(file);
  }

  private removeFile(file: string): void {
    try {
      this.folder.remove(file);
    } catch (error) {
      // A file that cannot be removed would be sent stale: nothing may be published any more.
      console.error(`podium: cannot remove published ${file}: ${(error as Error).message}; publishing stops`);
      this.stop();
    }
  }

  /** Removes a file's last copy (`file` under its slot): the same when it cannot be removed. */
  private removeLast(file: string): void {
    try {
      this.folder.removeLast(file);
    } catch (error) {
      console.error(`podium: cannot remove the last copy of ${file}: ${(error as Error).message}; publishing stops`);
      this.stop();
    }
  }

  private changeSlot(slot: number): void {
    this.slot = slot;
    this.copies.clear();
    try {
      this.folder.clearBefore(slot);
    } catch (error) {
      console.error(`podium: cannot remove past published files: ${(error as Error).message}`);
    }
  }
}
