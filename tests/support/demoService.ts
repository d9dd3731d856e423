/**
 * The demo games as a real SQLite store, built once and shared by every test file that reads them
 * (end-to-end and page tests). The store is keyed by a digest of what shapes it (plugins, schemas,
 * the service's code), so a change rebuilds it; test files running at once wait for the one building.
 *
 * `PODIUM_DEMO_SPORTS=QAA,SWM` builds the demo games of those sports only, in seconds instead of most
 * of a minute: for a sport's own tests (tests/sports/views.test.ts filtered to its codes, as the
 * project copies of tests/sports/copySport.test.ts run them). Other sports find nothing in it: run
 * only the named sports' tests with it. It is a store of its own, beside the whole games' one.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { treeDigest } from './treeDigest';
import { ingestDemoGames } from '../../src/server/demo/load';
import { openService, type Service } from '../../src/server/service';

const INPUTS = ['sports', 'schemas', 'src/server', 'src/core', 'src/generated'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The sports of PODIUM_DEMO_SPORTS, sorted; undefined (every sport) when it is unset or empty. */
function demoSports(): string[] | undefined {
  const codes = (process.env.PODIUM_DEMO_SPORTS ?? '').split(',').filter(Boolean);
  return codes.length > 0 ? [...new Set(codes)].sort() : undefined;
}

/** The directory of the demo games' store, built on first use. */
export async function demoDataDir(): Promise<string> {
  const digest = treeDigest(INPUTS);
  const only = demoSports();
  const dir = join(ROOT, 'node_modules', '.cache', 'podium-demo', only ? `${digest}-${only.join('-')}` : digest);
  const ready = join(dir, 'ready');
  const lock = `${dir}.lock`;
  mkdirSync(dirname(dir), { recursive: true });
  for (;;) {
    if (existsSync(ready)) return dir;
    try {
      mkdirSync(lock, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another test file is building it; a lock older than 10 minutes is from a killed run.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 600_000) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      // Stores of earlier code are of no further use; each is a few hundred megabytes. Not one
      // another process is building now under its own lock (a run started on other sources), nor
      // one of this code for other sports.
      const others = readdirSync(dirname(dir));
      for (const other of others) {
        if (
          other !== basename(dir) &&
          !other.startsWith(digest) &&
          !other.endsWith('.lock') &&
          !others.includes(`${other}.lock`)
        ) {
          rmSync(join(dirname(dir), other), { recursive: true, force: true });
        }
      }
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const service = await openService({ dataDir: dir, maxMessageBytes: MAX_MESSAGE_BYTES });
      try {
        const sports = only ? service.sports.filter((sport) => only.includes(sport.code)) : service.sports;
        const unknown = only?.filter((code) => !sports.some((sport) => sport.code === code)) ?? [];
        if (unknown.length > 0) throw new Error(`PODIUM_DEMO_SPORTS: no such sport: ${unknown.join(', ')}`);
        const outcome = ingestDemoGames({ ...service, sports });
        if (outcome.rejected.length > 0)
          throw new Error(`demo games rejected: ${outcome.rejected.slice(0, 3).join('; ')}`);
      } finally {
        service.close();
      }
      writeFileSync(ready, new Date().toISOString());
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A service over the shared demo store. Tests read it; they must not ingest into it. */
export async function openDemoService(): Promise<Service> {
  return openService({ dataDir: await demoDataDir(), maxMessageBytes: MAX_MESSAGE_BYTES });
}
