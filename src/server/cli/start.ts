/**
 * `npm start` (bin/podium.mjs runs the compiled file; `npm run dev` this source under tsx): opens
 * (or creates) the store in PODIUM_DATA, ingests the demo games on first start when a demo generator
 * is present, and serves the site and the API on PORT (default 8080).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from './paths';
import { readConfig } from '../config';
import { createPodiumServer } from '../http/server';
import { openService, serviceOptions } from '../service';
import { DataFolderError } from '../store/database';
import { ingestDemoGames } from '../demo/load';
import { PublishedFolder } from '../publish/publishedFolder';
import { isPublishMessage } from '../publish/relay';
import { readCommand } from './args';
import { IngestWriter } from '../odf/ingestWriter';
import { isWakeWriter, WAKE_WRITER } from '../odf/wakeWriter';

// It takes no arguments; the environment configures it (README "Configuration").
readCommand({ script: 'start', summary: 'Serves the site and the API (configured by the environment: README).' });

const config = readConfig();
const started = performance.now();
/**
 * PODIUM_WORKERS (default: one per core) processes serve the same store: SQLite lets them all read,
 * and each sees the others' commits (DocumentStore's cache). Each logs the messages posted to it;
 * one writer, in the primary, applies them (odf/ingestWriter.ts).
 */
const workers = Math.max(1, Number(process.env.PODIUM_WORKERS ?? availableParallelism()) || 1);
const service = await openService(serviceOptions(config)).catch((error: unknown) => {
  // A data folder that cannot be used is the operator's to put right: one line, no stack trace.
  if (!(error instanceof DataFolderError)) throw error;
  console.error(`podium: ${error.message}`);
  process.exit(1);
});

const primary = cluster.isPrimary;
const feedDocuments = service.db.prepare('SELECT count(*) AS n FROM documents WHERE derived = 0').get() as {
  n: number;
};
if (primary && feedDocuments.n === 0 && process.env.PODIUM_DEMO !== '0') {
  // First start: the demo games, generated and ingested through the same path as a real feed.
  console.log(`podium: first start: generating and ingesting the demo games into ${config.dataDir} ...`);
  const demo = ingestDemoGames(service, { progress: true });
  console.log(`podium: demo games: ${demo.messages} messages, ${demo.stored} stored, ${demo.rejected.length} rejected`);
  for (const line of demo.rejected.slice(0, 10)) console.error(`podium: ${line}`);
}

// The site's browser bundle is the build's (npm run build, which `npm start` runs when it is stale):
// without it, pages are served without their scripts.
const distDir = join(ROOT_DIR, 'dist');
if (primary && !existsSync(join(distDir, 'client', '.vite', 'manifest.json')))
  console.error('podium: the site is not built (npm run build); pages are served without their scripts');

const version = (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
if (primary && workers > 1) {
  // The primary only prepares the store (above) and forks the servers; the port is shared among them.
  const documents = service.store.count();
  service.close();
  // The one writer for every server process: they wake it when they queue a message.
  const writer = IngestWriter.threaded({ ...serviceOptions(config), dataDir: config.dataDir });
  cluster.on('message', (_worker, message: unknown) => {
    if (isWakeWriter(message)) writer.wake();
  });
  let listening = 0;
  cluster.on('message', (_worker, message: { listening?: number }) => {
    if (message.listening === undefined || (listening += 1) < workers) return;
    const ms = Math.round(performance.now() - started);
    console.log(`podium: ${workers} workers serving ${documents} documents from ${config.dataDir}`);
    console.log(`podium: listening on http://localhost:${message.listening}/ (ready in ${ms} ms)`);
  });
  // With PORT=0 the workers share the one free port the cluster picks. One of them keeps the
  // published pages (config.ts publishDir): each version is rendered once, not once per worker.
  let stopping = false;
  // The servers accept new connections themselves (SCHED_NONE): the kernel wakes one that waits.
  // Node's default (SCHED_RR) accepts here and passes each connection over IPC to a server in turn,
  // two more wake-ups per connection on a busy machine. `/v.json` under pressure (bench:load's
  // scenario, 3 rounds each): p99 28–40 → 12–17 ms, worst 86–135 → 27–38 ms.
  // NODE_CLUSTER_SCHED_POLICY=rr still chooses the turns.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < workers; i += 1) {
    const worker = cluster.fork({ PODIUM_PUBLISHER: i === 0 ? '1' : '0' });
    if (i === 0 && config.publishDir) {
      // The others tell it what they answered (publish/relay.ts).
      cluster.on('message', (from, message: unknown) => {
        if (from !== worker && isPublishMessage(message) && worker.isConnected()) worker.send(message);
      });
      const folder = new PublishedFolder(config.publishDir);
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        // Nobody keeps its files current now: removed, so the cache in front asks the service.
        console.error(`podium: the publishing worker stopped (${signal ?? code}); published pages removed`);
        folder.clear();
      });
    }
  }
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    // What is still queued is applied by the next start.
    void writer.stop();
    setTimeout(() => process.exit(0), 500).unref();
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
} else {
  await serve();
}

async function serve(): Promise<void> {
  const server = createPodiumServer(service, {
    config,
    distDir,
    version,
    threads: { render: config.renderThreads, ingest: config.ingestThread },
    // A server of the cluster: the primary writes (above).
    ...(cluster.isWorker ? { wakeWriter: () => process.send?.(WAKE_WRITER) } : {}),
  });
  // Its render threads warm up first: the first reader of a page does not wait for them.
  await server.ready;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const ms = Math.round(performance.now() - started);
    if (cluster.isWorker) {
      process.send?.({ listening: port });
      return;
    }
    console.log(`podium: serving ${service.store.count()} documents from ${config.dataDir}`);
    console.log(`podium: listening on http://localhost:${port}/ (ready in ${ms} ms)`);
    if (!config.adminToken)
      console.log('podium: internal writes are off (set PODIUM_ADMIN_TOKEN to enable POST /api/internal/odf)');
  });

  const stop = () => {
    server.close(() => {
      service.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
