import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError, sendJson } from '../http/headers';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { buildCoverageReport } from './buildReport';
import type { CoverageReport } from './report';

const SPORT = /^[A-Z0-9]{3}$/;

/** Reports being built, per store and sport filter: requests that arrive meanwhile share one run. */
const building = new WeakMap<Db, Map<string, Promise<CoverageReport>>>();

/** Lets the server answer other requests between two messages: a games' log takes a minute to read. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * GET /api/internal/coverage[?sport=CODE]: the feed coverage report as JSON (the caller checked the
 * admin token). Built on each request from the message log, never cached: it is an editor's tool
 * and the log changes with every message.
 */
export async function serveCoverage(
  req: IncomingMessage,
  res: ServerResponse,
  source: { readonly db: Db; readonly store: DocumentStore },
): Promise<void> {
  const sport = new URL(req.url ?? '/', 'http://podium.invalid').searchParams.get('sport')?.trim().toUpperCase();
  if (sport !== undefined && sport !== '' && !SPORT.test(sport))
    return sendError(res, 400, `sport must be a 3-character code, not "${sport.slice(0, 40)}"`);
  const key = sport ?? '';
  const running = building.get(source.db) ?? new Map<string, Promise<CoverageReport>>();
  building.set(source.db, running);
  let report = running.get(key);
  if (!report) {
    report = buildCoverageReport(source, { ...(key ? { sport: key } : {}), pause }).finally(() => running.delete(key));
    running.set(key, report);
  }
  sendJson(res, 200, await report);
}
