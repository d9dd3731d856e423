/**
 * A brake on guessing the admin token: a client with `limit` wrong tokens within `windowMs` is
 * refused (429) until the window has passed, without its token being checked at all. Kept per
 * server process, for at most `maxClients` clients (the oldest forgotten first), so a flood of
 * addresses cannot grow it without bound.
 */
export class FailedAttempts {
  private readonly clients = new Map<string, { count: number; since: number }>();

  constructor(
    readonly limit = 10,
    readonly windowMs = 60_000,
    private readonly maxClients = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `client` may try again, or 0 when it may try now. */
  blockedFor(client: string): number {
    const entry = this.clients.get(client);
    if (!entry) return 0;
    const left = entry.since + this.windowMs - this.now();
    if (left <= 0) {
      this.clients.delete(client);
      return 0;
    }
    return entry.count >= this.limit ? Math.ceil(left / 1000) : 0;
  }

  fail(client: string): void {
    const now = this.now();
    const entry = this.clients.get(client);
    if (entry && entry.since + this.windowMs > now) entry.count += 1;
    else {
      this.clients.delete(client);
      this.clients.set(client, { count: 1, since: now });
      if (this.clients.size > this.maxClients) this.clients.delete(this.clients.keys().next().value!);
    }
  }
}

/** Where a request comes from is decided in one place (requestOrigin.ts). */
export { clientOf } from './requestOrigin';
