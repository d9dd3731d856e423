import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyMedalImport, importContext, parseMedalImport } from '../medalImport';
import type { IngestAnswer } from '../odf/ingestAnswer';
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

/**
 * Internal writes need `Authorization: Bearer <PODIUM_ADMIN_TOKEN>`; with no token set they are off.
 * A client that sent too many wrong tokens lately is refused before its token is looked at.
 */
export function authorised(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | undefined,
  failures: FailedAttempts,
): boolean {
  if (!token) {
    sendError(res, 403, 'internal writes are switched off: PODIUM_ADMIN_TOKEN is not set');
    return false;
  }
  const client = clientOf(req);
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

/**
 * Ingests a message where the service chose to (its ingest thread, or here): the plain answer. With
 * `oversize`, the body was stopped at the door for its size and is only logged as refused.
 */
export type IngestMessage = (body: Buffer, source: string, oversize?: number) => Promise<IngestAnswer>;

export async function ingestOverHttp(
  req: IncomingMessage,
  res: ServerResponse,
  ingest: IngestMessage,
  maxBytes: number,
): Promise<void> {
  // Before reading: a client that sent too much may be gone by the time reading stops.
  const source = `http:${req.socket.remoteAddress ?? 'unknown'}`;
  const body = await readBodyOrSize(req, maxBytes);
  const answer = typeof body === 'number' ? await ingest(Buffer.alloc(0), source, body) : await ingest(body, source);
  if (answer.outcome === 'unavailable')
    return sendError(res, 503, answer.error.message, { 'Retry-After': '30', 'X-Ingest-Error': answer.error.code });
  if (answer.outcome === 'rejected') {
    const status = answer.error.code === 'too-large' ? 413 : 400;
    return sendError(res, status, answer.error.message, { 'X-Ingest-Error': answer.error.code });
  }
  sendJson(res, answer.outcome === 'stored' ? 201 : 200, answer);
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
