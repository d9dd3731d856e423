/**
 * Where pages are rendered and how renders are shared: in a render thread when the service has
 * them (here otherwise), one render per page key at a time that the requests for the same key join,
 * its page kept in the page cache by the render itself, and `within` for a reader who would rather
 * take the version before than wait.
 */
import type { DataSource } from '../../web/data/source';
import type { DocumentVersions, PageCache } from './pageCache';
import { renderPage, type PageTask, type RenderOutcome } from './renderPage';
import { renderOnThread, type RenderThreads } from './renderTasks';

export class RenderScheduler {
  /** Renders done (not answered from the cache): what a burst of junk-keyed requests must not raise. */
  renders = 0;
  private readonly rendering = new Map<string, Promise<RenderOutcome>>();

  constructor(
    private readonly pages: PageCache,
    /** Render threads (renderThread.ts); without them pages render on the serving thread. */
    private readonly threads?: RenderThreads,
  ) {}

  /** Resolves once the renders in progress now have ended (a test's point where every page is current). */
  async whenRendered(): Promise<void> {
    await Promise.allSettled([...this.rendering.values()]);
  }

  /** The shared render in progress for `key`, if any. */
  inProgress(key: string): Promise<RenderOutcome> | undefined {
    return this.rendering.get(key);
  }

  /** One render: in a render thread when the service has them, here otherwise. */
  renderOnce(task: PageTask, data: DataSource, versions: DocumentVersions | undefined): Promise<RenderOutcome> {
    this.renders += 1;
    if (!this.threads || !versions) return renderPage(task, data, versions);
    return renderOnThread(this.threads, task).catch((error: unknown) => {
      // A thread that cannot render (it could not start, it died) costs speed, never the page.
      console.error(`podium: render thread: ${(error as Error).message}; rendering ${task.url} here`);
      return renderPage(task, data, versions);
    });
  }

  /** A render that requests for the same key wait for instead of starting their own. */
  renderShared(
    key: string,
    task: PageTask,
    data: DataSource,
    versions: DocumentVersions | undefined,
  ): Promise<RenderOutcome> {
    const rendering = this.renderOnce(task, data, versions).then((outcome) => {
      // Kept here, not by the reader who started it: that reader may have gone with the page before.
      if (versions && outcome.kind === 'page' && (outcome.page.status === 200 || outcome.page.status === 404))
        this.pages.set(key, outcome.page);
      return outcome;
    });
    this.rendering.set(key, rendering);
    void rendering.finally(() => this.rendering.delete(key)).catch(() => undefined);
    return rendering;
  }
}

/**
 * How long a reader waits for a page's new version when the version before can be sent instead:
 * long enough for a render on a quiet machine, short against a reader's patience.
 */
export const FRESH_WAIT_MS = 25;

/** The promise's value if it settles within `ms`, else `instead` (it goes on: others await it). */
export function within<T, F>(promise: Promise<T>, ms: number, instead: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<F>((resolve) => (timer = setTimeout(resolve, ms, instead)))]).finally(() =>
    clearTimeout(timer),
  );
}
