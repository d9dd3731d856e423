import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from '../http/headers';

/** How long a browser waits before it reconnects a dropped stream (ms): the event protocol's `retry`. */
export const RECONNECT_MS = 1000;

/** A subscriber's buffered bytes past which it is dropped (it reconnects and catches up). */
const MAX_BUFFERED_BYTES = 1 << 20;

/**
 * One Server-Sent Events stream (text/event-stream): opened with the reconnection delay, events
 * with their ids, comments to keep proxies from closing an idle stream. A stream whose reader does
 * not keep up is ended rather than buffered without bound.
 */
export class EventStream {
  private ended = false;
  constructor(private readonly res: ServerResponse) {}

  /** Sends the headers and the reconnection delay; `onClose` runs once the stream is gone. */
  open(req: IncomingMessage, onClose: () => void): void {
    this.res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // nginx (a plain proxy_pass in front) passes each event on at once instead of buffering.
      'X-Accel-Buffering': 'no',
    });
    this.res.write(`retry: ${RECONNECT_MS}\n\n`);
    const close = () => {
      if (this.ended) return;
      this.ended = true;
      onClose();
    };
    req.on('close', close);
    this.res.on('close', close);
  }

  /** An event: its id (the sequence number a reconnection resumes from) and its JSON data. */
  send(id: number, data: unknown): void {
    this.write(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment: nothing for the reader, traffic for the proxies between. */
  keepAlive(): void {
    this.write(': \n\n');
  }

  end(): void {
    if (this.ended) return;
    this.res.end();
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }
}
