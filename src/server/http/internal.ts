import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { applyMedalImport, importContext, parseMedalImport } from '../medalImport';
import type { IngestErrorCode } from '../odf/errors';
import type { DoorRefusal, IngestAnswer } from '../odf/ingestAnswer';
import type { IngestMessage } from '../odf/intake';
import type { Service } from '../service';
import { clientOf, type FailedAttempts } from './failedAttempts';
import { sendError, sendJson } from './headers';

/** Reads a request body up to a limit; undefined when it is larger (the caller answers 413). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const body = await readBodyOrSize(req, limit);
  return typeof body === 'number' ? undefined : body;
}

/** Reads a request body up to a limit; over it, the bytes received when reading stopped. */
async function readBodyOrSize(req: IncomingMessage, limit: number): Promise<Buffer | number> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return size;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The Content-Encodings a message may be sent in, each with its streaming decompressor. */
const DECOMPRESSORS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};
const ACCEPTED_ENCODINGS = 'gzip, deflate, br, identity';

const tooLarge = (size: number, limit: number, decompressed: boolean): DoorRefusal => ({
  code: 'too-large',
  message: `message is over the limit of ${limit} bytes${decompressed ? ' once decompressed' : ''} (PODIUM_MAX_MESSAGE_MB)`,
  size,
});

/**
 * Reads a message as sent, decompressed by its Content-Encoding, within `limit` bytes counted after
 * decompression (and before it: an endless stream of empty gzip members decompresses to nothing).
 * What is refused at the door comes back as a refusal, to be logged and answered.
 */
async function readMessage(req: IncomingMessage, limit: number): Promise<Buffer | DoorRefusal> {
  const coding = String(req.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (coding === '' || coding === 'identity') {
    const body = await readBodyOrSize(req, limit);
    return typeof body === 'number' ? tooLarge(body, limit, false) : body;
  }
  // Own keys only: `constructor` or `__proto__` is an unknown encoding, not Object's.
  const decompressor = Object.hasOwn(DECOMPRESSORS, coding) ? DECOMPRESSORS[coding] : undefined;
  if (decompressor) return readDecompressed(req, decompressor(), coding, limit);
  // Not read: the rest of the body is discarded by Node once the answer is sent.
  return {
    code: 'unknown-content-encoding',
    message: `Content-Encoding "${coding.slice(0, 100)}" is not supported: send one of ${ACCEPTED_ENCODINGS}`,
    size: Number(req.headers['content-length'] ?? 0) || 0,
  };
}

/**
 * Streams the body through its decompressor, holding at most `limit` decompressed bytes: past it the
 * decompressor is destroyed at once (a gzip bomb never unfolds further) and the rest of the body is
 * discarded unread, so the client still gets its answer.
 */
function readDecompressed(
  req: IncomingMessage,
  decompressor: Transform,
  coding: string,
  limit: number,
): Promise<Buffer | DoorRefusal> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let decompressed = 0;
    let done = false;
    const finish = (result: Buffer | DoorRefusal | Error) => {
      if (done) return;
      done = true;
      req.unpipe(decompressor);
      req.off('data', onReceived);
      decompressor.destroy();
      req.resume();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onReceived = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) finish(tooLarge(received, limit, false));
    };
    req.on('data', onReceived);
    req.on('error', finish);
    req.on('close', () => {
      if (!req.complete) finish(new Error('the client closed the connection before its message was sent'));
    });
    decompressor.on('data', (chunk: Buffer) => {
      if (done) return;
      decompressed += chunk.length;
      if (decompressed > limit) return finish(tooLarge(decompressed, limit, true));
      chunks.push(chunk);
    });
    decompressor.on('end', () => finish(Buffer.concat(chunks)));
    decompressor.on('error', (error) =>
      finish({
        code: 'bad-compression',
        message: `the body could not be decompressed as ${coding} (Content-Encoding): ${error.message}`,
        size: received,
      }),
    );
    req.pipe(decompressor);
  });
}

/** The HTTP status of a refused message. */
const REFUSED_STATUS: Partial<Record<IngestErrorCode, number>> = {
  'too-large': 413,
  'unknown-content-encoding': 415,
};

/**
 * Internal writes need `Authorization: Bearer <PODIUM_ADMIN_TOKEN>`; with no token set they are off.
 * A client that sent too many wrong tokens lately is refused before its token is looked at.
 */
export function authorised(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | undefined,
  failures: FailedAttempts,
  /** Proxies whose X-Forwarded-For names the client (PODIUM_TRUSTED_PROXIES): each reader its own brake. */
  trustedProxies?: readonly string[],
): boolean {
  if (!token) {
    sendError(res, 403, 'internal writes are switched off: PODIUM_ADMIN_TOKEN is not set');
    return false;
  }
  const client = clientOf(req, trustedProxies);
  const wait = failures.blockedFor(client);
  if (wait > 0) {
    sendError(res, 429, `too many wrong tokens from ${client}: try again in ${wait} s`, {
      'Retry-After': String(wait),
    });
    return false;
  }
  const given = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim() ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    failures.fail(client);
    sendError(res, 401, 'a valid bearer token is required', { 'WWW-Authenticate': 'Bearer realm="podium"' });
    return false;
  }
  return true;
}

/** The status of each answer a sender may get (a rejection's own: REFUSED_STATUS, else 400). */
const TAKEN_STATUS = { stored: 201, queued: 202, unchanged: 200, ignored: 200 } as const;

export async function ingestOverHttp(
  req: IncomingMessage,
  res: ServerResponse,
  ingest: IngestMessage,
  maxBytes: number,
): Promise<void> {
  // Before reading: a client that sent too much may be gone by the time reading stops.
  const source = `http:${req.socket.remoteAddress ?? 'unknown'}`;
  const body = await readMessage(req, maxBytes);
  let answer: IngestAnswer;
  try {
    answer = Buffer.isBuffer(body) ? await ingest(body, source) : await ingest(Buffer.alloc(0), source, body);
  } catch (error) {
    // Not taken (a receiving thread lost, a fault of the service's): nothing promised, so the
    // sender is told to send it again, never left with a 500 it may not retry.
    console.error(`podium: a posted message was not taken: ${(error as Error).stack ?? String(error)}`);
    return sendError(res, 503, `the message was not taken (${(error as Error).message}); send it again`, {
      'Retry-After': '5',
    });
  }
  if (answer.outcome === 'unavailable')
    return sendError(res, 503, answer.error.message, {
      'Retry-After': String(answer.retryAfter),
      'X-Ingest-Error': answer.error.code,
    });
  if (answer.outcome === 'rejected') {
    // Logged, but the service could not apply it: not the sender's fault, and sending it again
    // changes nothing (an operator replays it).
    const status = answer.error.code === 'internal' ? 422 : (REFUSED_STATUS[answer.error.code] ?? 400);
    const error = { status, message: answer.error.message };
    return sendJson(
      res,
      status,
      { error, logId: answer.logId },
      {
        'X-Ingest-Error': answer.error.code,
        'X-Log-Id': String(answer.logId),
        // RFC 9110 15.5.16: a 415 for a content coding says which ones are accepted.
        ...(status === 415 ? { 'Accept-Encoding': ACCEPTED_ENCODINGS } : {}),
      },
    );
  }
  sendJson(res, TAKEN_STATUS[answer.outcome], answer);
}

export async function importMedals(req: IncomingMessage, res: ServerResponse, service: Service): Promise<void> {
  const body = await readBody(req, 1024 * 1024);
  if (!body) return sendError(res, 413, 'a medal import is at most 1 MB');
  const { corrections, errors } = parseMedalImport(
    body.toString('utf8'),
    String(req.headers['content-type'] ?? ''),
    importContext(service.store),
  );
  if (errors.length > 0)
    return sendJson(res, 422, { error: { status: 422, message: 'the import was not applied', rows: errors } });
  const id = applyMedalImport(service.db, corrections, `http:${req.socket.remoteAddress ?? 'unknown'}`);
  service.store.transaction(() => {
    service.derive.touch('table:medal_corrections');
    service.derive.flush();
  });
  sendJson(res, 201, { import: id, applied: corrections.length });
}
