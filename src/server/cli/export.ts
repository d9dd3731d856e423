/**
 * `npm run export -- <folder> [--since]`: the mirror for a static host or object storage (issue 27):
 * every page in the three languages as the service renders it, the documents at their API URLs,
 * the assets, reports and calendars, in the layout deploy/nginx-static.conf serves
 * (src/server/export/pageFiles.ts). `--since` updates an earlier export in the folder: only the
 * pages whose documents changed, and the documents that did (sync the mirror after each message).
 * `--no-reports` leaves the PDF reports out (the service renders each on first request: the slowest
 * part of a first export); the mirror's report links then answer 404.
 */
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfig } from '../config';
import { exportSite } from '../export/exportSite';
import { fetchWithRetries, loopbackGet } from '../export/fileFetch';
import { costByKind } from '../export/pageKinds';
import { createPodiumServer } from '../http/server';
import { Site } from '../http/site';
import { SiteManifest } from '../http/siteManifest';
import { descriptionOptions } from '../api/openapi';
import type { RenderAnswer, RenderTask } from '../http/renderTasks';
import { startProgress } from '../progress/progress';
import { openService, serviceOptions } from '../service';
import { ThreadPool } from '../threads/pool';
import { readCommand } from './args';
import { ROOT_DIR } from './paths';

const EXPORT = {
  script: 'export',
  summary: 'Writes the mirror of the store in PODIUM_DATA: pages, documents, assets, reports and calendars.',
  args: [{ name: 'folder', description: 'where the mirror is written (created when missing)' }],
  flags: {
    since: {
      type: 'boolean',
      description: 'updates an earlier export in the folder: only the pages and documents that changed, listed',
    },
    'no-reports': {
      type: 'boolean',
      description: 'leaves the PDF reports out (the slowest part of a first export); their links answer 404',
    },
  },
} as const;

// Read first: a command line it cannot take changes nothing.
const { flags, args } = readCommand(EXPORT);
const since = flags.since;
const reports = !flags['no-reports'];
const out = resolve(args[0]);
const config = readConfig();
const service = await openService(serviceOptions(config));
const distDir = join(ROOT_DIR, 'dist');
// The service's description of its API, as the service below serves it (its version is the build's).
const description = descriptionOptions(config, new SiteManifest(distDir, '0').version);
const renderThreads = new ThreadPool<RenderTask, RenderAnswer>(
  new URL('../http/renderThread.ts', import.meta.url),
  availableParallelism(),
  { dataDir: config.dataDir, description },
  'podium export',
);
// Not waited for: the threads start (a second) while the export reads its manifest; renders queue
// until one is ready, and fall back to this thread if none can start.
const site = new Site(distDir, '0', config.siteVariant === 'hongkong', renderThreads, { publicUrl: config.publicUrl });
// Reports, calendars, CSV files and the service worker come from the service itself, on loopback
// (the CSV files made on the export's render threads, idle by then).
const server = createPodiumServer(service, { config, distDir, version: site.version, renderThreads });
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
// Kept-alive connections, a few at once (the export asks four files at a time); no time limit.
const fetchOnce = loopbackGet(origin, new Agent({ keepAlive: true, maxSockets: 8 }));
const fetchFile = (path: string, etag?: string) =>
  fetchWithRetries(path, fetchOnce, { delays: config.exportRetryDelaysMs }, etag);

try {
  const summary = await exportSite({
    service,
    site,
    out,
    since,
    reports,
    fetchFile,
    distDir,
    description,
    progress: (task, total) => startProgress({ task: `export: ${task}`, unit: task }, total),
  });
  const mb = (summary.bytes / 1024 / 1024).toFixed(1);
  if (summary.resumed) console.log(`export: continued the export stopped in ${out}`);
  if (summary.fullBecause) console.log(`export: every page rendered: ${summary.fullBecause}`);
  if (summary.sinceMessage !== undefined) {
    console.log(`export: since message #${summary.sinceMessage} (now #${summary.lastMessage}): pages rewritten:`);
    for (const file of summary.rewritten) console.log(`  ${file}`);
  }
  if (summary.sinceMessage === undefined && summary.rewritten.length > 0) {
    console.log('export: pages written by kind (count, MB with their gzip copies):');
    for (const [kind, count, bytes] of costByKind(summary.rewritten, summary.pageBytes))
      console.log(
        `  ${kind.padEnd(40)} ${count.toLocaleString('en').padStart(9)} ${(bytes / 1024 / 1024).toFixed(1).padStart(9)}`,
      );
  }
  console.log(
    `export: ${summary.rewritten.length} of ${summary.pages} pages, ${summary.documentsWritten} of ${summary.documents} documents, ${summary.files} reports, calendars and CSV files written (${mb} MB) to ${out} in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  if (summary.unchanged > 0)
    console.log(`export: ${summary.unchanged} pages and files found with the same bytes already, left as they were`);
  if (summary.filesCurrent > 0)
    console.log(`export: ${summary.filesCurrent} linked files current by their ETag (304), not fetched again`);
  if (summary.linkedPages > 0)
    console.log(
      `export: ${summary.linkedPages} pages the same bytes as another, linked to it rather than written again`,
    );
  if (summary.failures.length > 0) {
    console.error(
      `export: ${summary.failures.length} files not written; the folder is incomplete (its manifest says so):`,
    );
    for (const failure of summary.failures) console.error(`  ${failure.path}: ${failure.cause}`);
    console.error('export: run the same command again to write what is missing');
    process.exitCode = 1;
  } else console.log('export: complete');
} catch (error) {
  console.error(`export: ${(error as Error).message}`);
  console.error(`export: stopped; ${out} is incomplete (its manifest says so): run the same command again to continue`);
  process.exitCode = 1;
} finally {
  server.close();
  await renderThreads.close();
  service.close();
}
