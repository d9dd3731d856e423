import { channelOf } from '../../core/live/channels';
import type { Change } from './changes';

/**
 * Publishes each change to Nchan at the edge (DESIGN section 6): one POST per change to
 * `<url><channel>` (deploy/nginx.conf's publisher location), in order, so nginx holds the readers'
 * streams and the origin sends each change once whatever their number. An edge that does not
 * answer is said once per outage; its subscribers catch up when their streams reconnect.
 */
export class NchanPublisher {
  private queue: Promise<void> = Promise.resolve();
  private failing = false;
  /** Changes sent, and changes the edge did not take. */
  readonly counts = { sent: 0, failed: 0 };

  constructor(
    private readonly url: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  publish(changes: readonly Change[]): void {
    this.queue = this.queue.then(async () => {
      for (const change of changes) await this.post(change);
    });
  }

  /** Resolves once every change given so far was sent (or given up). */
  flushed(): Promise<void> {
    return this.queue;
  }

  private async post({ event }: Change): Promise<void> {
    const channel = channelOf(event.type, event.code);
    if (!channel) return;
    try {
      const response = await this.fetcher(`${this.url}${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`answered ${response.status}`);
      this.counts.sent += 1;
      if (this.failing) console.error(`podium: live: the edge takes changes again (${this.url})`);
      this.failing = false;
    } catch (error) {
      this.counts.failed += 1;
      if (!this.failing)
        console.error(`podium: live: the edge did not take a change (${this.url}): ${(error as Error).message}`);
      this.failing = true;
    }
  }
}
