/**
 * The demo games served for the benchmarks as an operator serves them: the compiled start (node
 * bin/podium.mjs start, production mode, one server process per core unless PODIUM_WORKERS says
 * otherwise) in processes of its own, so that a benchmark's own work is not counted as the service's.
 * On a copy of the demo store: the start writes to its store when it opens it (the message log's
 * pruning, migrations), and the store in node_modules/.cache is shared by the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDataDir } from '../support/demoService';
import { copyStore, startService, type Running } from './loadTools';

/** A copy of the demo store in a temporary folder of its own; `remove` deletes it. */
export async function demoStoreCopy(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'podium-bench-demo-'));
  copyStore(await demoDataDir(), dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The compiled start on the store in `dir` (a copy: demoStoreCopy), on a free loopback port. */
export function serveDemo(dir: string, env: Record<string, string> = {}): Promise<Running> {
  return startService(dir, env);
}
