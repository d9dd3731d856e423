/** A Server-Sent Events reader for tests: fetch's stream, parsed as the event protocol says. */
export interface ReadEvent {
  readonly id: string;
  readonly data: { type: string; code: string; version: number; etag: string; body?: unknown };
}

export interface EventReader {
  readonly status: number;
  readonly headers: Headers;
  /** The next `n` events (fails after `ms`). */
  next(n: number, ms?: number): Promise<ReadEvent[]>;
  /** The raw text once it matches `pattern`. */
  text(pattern: RegExp, ms?: number): Promise<string>;
  /** Events read and not yet taken by `next`. */
  received(): ReadEvent[];
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<EventReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
  let raw = '';
  let seen = '';
  const queue: ReadEvent[] = [];
  let wake: () => void = () => undefined;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        raw += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = raw.indexOf('\n\n')) !== -1) {
          const block = raw.slice(0, end);
          raw = raw.slice(end + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id !== undefined && data !== undefined) queue.push({ id, data: JSON.parse(data) as ReadEvent['data'] });
          seen += `${block}\n\n`;
        }
        wake();
      }
    } catch {
      // Aborted by close().
    }
    wake();
  })();
  const waitFor = async <T>(ready: () => T | undefined, ms: number, what: string): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms (read: ${JSON.stringify(seen + raw)})`);
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), new Promise((r) => setTimeout(r, 50))]);
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next: (n, ms = 5000) => waitFor(() => (queue.length >= n ? queue.splice(0, n) : undefined), ms, `${n} events`),
    text: (pattern, ms = 5000) => waitFor(() => (pattern.test(seen + raw) ? seen + raw : undefined), ms, `${pattern}`),
    received: () => [...queue],
    ended,
    close: () => abort.abort(),
  };
}
