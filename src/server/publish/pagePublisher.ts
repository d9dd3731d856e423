/**
 * Keeps the published pages (publishedFolder.ts) true to the store, so nginx can send them as files
 * without asking the service (issue 27: pages through nginx at the speed of files).
 *
 * A page is published when the service answers it to a reader (Site); from then on, whenever a
 * document it read changes, the publisher renders it again and replaces the file: nginx sends the
 * old file until the new one is renamed over it (stale while revalidated, with no reader waiting).
 * One process publishes (start.ts): a version is rendered once, not once per server process.
 *
 * Renders follow readers, not the whole games: a page is kept current for `keepFor` after a reader
 * last reached the service for it; after that, its next change removes the file, and the next reader
 * goes to the service through nginx's cache (which asks the service, which publishes it again).
 * A page that cannot be rendered any more (an error, a redirect, not found) is removed, never left.
 */
import type { CachedPage, DocumentVersions, PageDependency } from '../http/pageCache';
import { PublishedFolder, timeSlot } from './publishedFolder';

/** What renders a published page again: the page, or undefined when it is no page to publish now. */
export type PublishedRender = () => Promise<CachedPage | undefined>;

export interface PublisherOptions {
  /** How often the store is looked at for changes (ms). */
  readonly checkEveryMs?: number;
  /** How long a page is kept current after a reader last asked the service for it (ms). */
  readonly keepForMs?: number;
  /** Renders at once, at most (the render threads' count). */
  readonly concurrency?: number;
  readonly now?: () => number;
}

interface Published {
  readonly file: string;
  readonly render: PublishedRender;
  dependencies: readonly PageDependency[];
  askedAt: number;
}

export class PagePublisher {
  private readonly pages = new Map<string, Published>();
  private readonly checkEveryMs: number;
  private readonly keepForMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private generation = -1;
  private slot: number;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private stopped = false;
  /** Renders done to keep pages current (what the load bench reports). */
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
    this.now = options.now ?? Date.now;
    this.slot = timeSlot(this.now());
    folder.clear();
  }

  /** The file a page has in the current slot, from its file in the mirror's layout. */
  fileOf(pageFile: string): string {
    return PublishedFolder.fileOf(timeSlot(this.now()), pageFile);
  }

  /**
   * A page the service answered to a reader: written if it is not published yet, and kept current
   * from now on. `render` must read the store as it is when called.
   */
  publish(pageFile: string, page: CachedPage, render: PublishedRender): void {
    if (this.stopped) return;
    const now = this.now();
    if (timeSlot(now) !== this.slot) this.changeSlot(timeSlot(now));
    const file = PublishedFolder.fileOf(this.slot, pageFile);
    const known = this.pages.get(file);
    if (known) {
      known.askedAt = now;
      return;
    }
    if (page.status !== 200) return;
    if (!this.write(file, page)) return;
    this.pages.set(file, { file, render, dependencies: page.dependencies, askedAt: now });
  }

  get size(): number {
    return this.pages.size;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  /** Stops keeping pages current and removes them: nginx asks the service again. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.pages.clear();
    try {
      this.folder.clear();
    } catch (error) {
      console.error(`podium: cannot remove the published pages: ${(error as Error).message}`);
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
    // One look per document, however many pages read it.
    const current = new Map<string, string>();
    const changed = [...this.pages.values()].filter((page) =>
      page.dependencies.some((d) => {
        const key = `${d.type}/${d.code}`;
        let etag = current.get(key);
        if (etag === undefined) current.set(key, (etag = this.versions(d.type, d.code)));
        return etag !== d.etag;
      }),
    );
    const now = this.now();
    const queue = changed.filter((page) => {
      if (now - page.askedAt <= this.keepForMs) return true;
      this.unpublish(page.file);
      return false;
    });
    const work = async () => {
      for (let page = queue.shift(); page; page = queue.shift()) await this.renderAgain(page);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, work));
  }

  private async renderAgain(page: Published): Promise<void> {
    let fresh: CachedPage | undefined;
    try {
      fresh = await page.render();
    } catch (error) {
      console.error(`podium: publishing ${page.file}: ${(error as Error).message}`);
    }
    // The slot may have turned, or the page been dropped, while it rendered.
    if (this.stopped || this.pages.get(page.file) !== page) return;
    if (!fresh || fresh.status !== 200 || !this.write(page.file, fresh)) return this.unpublish(page.file);
    this.refreshes += 1;
    page.dependencies = fresh.dependencies;
  }

  /** Writes a page's file; false (logged, the page left unpublished) when the folder refuses it. */
  private write(file: string, page: CachedPage): boolean {
    try {
      this.folder.write(file, page.html, page.gzip);
      return true;
    } catch (error) {
      console.error(`podium: cannot publish ${file}: ${(error as Error).message}`);
      this.unpublish(file);
      return false;
    }
  }

  private unpublish(file: string): void {
    this.pages.delete(file);
    try {
      this.folder.remove(file);
    } catch (error) {
      // A file that cannot be removed would be sent stale: nothing may be published any more.
      console.error(`podium: cannot remove published ${file}: ${(error as Error).message}; publishing stops`);
      this.stop();
    }
  }

  private changeSlot(slot: number): void {
    this.slot = slot;
    this.pages.clear();
    try {
      this.folder.clearBefore(slot);
    } catch (error) {
      console.error(`podium: cannot remove past published pages: ${(error as Error).message}`);
    }
  }
}
