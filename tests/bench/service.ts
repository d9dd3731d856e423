/**
 * `npm run bench:service`: measures the results service against DESIGN section 7.
 *  1. ingest of a large set of generated ODF messages, against only parsing the same XML (ratio);
 *  2. requests per second and p99 latency for one cached result document, from the service and from
 *     nginx (Debian's package) serving the same bytes as a file, in one run (ratio).
 * Both use every core: the service its PODIUM_WORKERS (one per core), nginx `worker_processes auto`.
 * The service is what runs at the games: `npm start`'s compiled build in production mode; nginx's file
 * is the service's answer, byte for byte (a full export of the bench's 1,500 units and their pages
 * was still writing pages after seven minutes, for the one document it needs). Ingest and parsing
 * are timed in this process, in production mode.
 * Needs `nginx` and `wrk` (apt-get install nginx-light wrk). Prints its figures; not a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readCommand } from '../../src/server/cli/args';
import { siteBuild } from '../support/siteBuild';
import { loadAverage, PRODUCTION_START, startService } from './loadTools';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:service',
  summary:
    'Ingest time against parsing alone, and cached-document throughput of the service against nginx (needs nginx and wrk; BENCH_MESSAGES, BENCH_DURATION).',
} as const);

// The ingest figures are taken in this process, from the sources: in production mode as the compiled
// service runs (set before the service's modules, and the libraries they import, are loaded).
process.env.NODE_ENV = 'production';
const { decodeMessage } = await import('../../src/server/odf/decode');
const { parseXml } = await import('../../src/server/odf/normalise');
const { openService } = await import('../../src/server/service');

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1500);
const ROWS = 40;
const MB = 1024 * 1024;
const DURATION = process.env.BENCH_DURATION ?? '5s';

console.log(`bench:service on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
console.log(`  served by the ${PRODUCTION_START}; nginx serves its answers' bytes as files`);
console.log(`  ingest and parse: in this process from the sources (tsx), NODE_ENV=production`);

/** A race result with splits: what a results feed sends most. */
function resultMessage(i: number): Buffer {
  const discipline = ['ATH', 'SWM', 'CSP', 'ROW', 'CTR'][i % 5]!;
  const code =
    `${discipline}M${String(i).padStart(6, '0')}`.padEnd(22, '-') + 'HEAT' + `${String(i % 100).padStart(4, '0')}00--`;
  const rows = Array.from({ length: ROWS }, (_, r) => {
    const splits = [1, 2, 3, 4]
      .map(
        (p) =>
          `<ExtendedResult Type="PROGRESS" Code="INTERMEDIATE" Pos="${p}" Value="${(p * 12.3 + r / 10).toFixed(2)}" Rank="${r + 1}"/>`,
      )
      .join('');
    return `<Result Rank="${r + 1}" Result="${(50 + r / 7).toFixed(2)}" SortOrder="${r + 1}" StartOrder="${(r % 8) + 1}" Diff="+${(r / 7).toFixed(2)}"><ExtendedResults>${splits}<ExtendedResult Type="ER" Code="REACTION_TIME" Value="0.6${r % 10}"/></ExtendedResults><Competitor Code="${100000 + r}" Type="A" Organisation="GDG"><Description GivenName="Wei" FamilyName="LI" Gender="M"/><Description Language="CHI" GivenName="伟" FamilyName="李"/></Competitor></Result>`;
  }).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><OdfBody DocumentType="DT_RESULT" DocumentCode="${code}" Version="1" ResultStatus="OFFICIAL"><Competition>${rows}</Competition></OdfBody>`,
  );
}

function wrk(url: string, connections = 32): { rps: number; p99ms: number; errors: number } {
  const run = spawnSync('wrk', ['-t2', `-c${connections}`, `-d${DURATION}`, '--latency', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.error?.message}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(run.stdout);
  const factor = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? 'ms') as 'us' | 'ms' | 's'];
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(run.stdout)?.[1] ?? 0) +
    Number(/Socket errors:.*?(\d+)/.exec(run.stdout)?.[1] ?? 0);
  return { rps, p99ms: Number(p99?.[1]) * factor, errors };
}

// The whole demo games: the budget line of DESIGN section 7 (under 30 s, at most 2x parsing).
{
  const { demoMessages } = await import('../../src/server/demo/load');
  const { loadSports } = await import('../../src/server/service');
  const demo = demoMessages({ sports: await loadSports() }).map((m) => Buffer.from(m.xml));
  const demoBytes = demo.reduce((n, m) => n + m.length, 0);
  let t = performance.now();
  for (const m of demo) parseXml(decodeMessage(m, 64 * MB));
  const demoParse = performance.now() - t;
  const demoDir = mkdtempSync(join(tmpdir(), 'podium-bench-demo-'));
  const demoService = await openService({
    dataDir: demoDir,
    maxMessageBytes: 64 * MB,
  });
  t = performance.now();
  for (const m of demo) demoService.ingestor.ingest(m, 'bench', { deferDerive: true });
  demoService.ingestor.flush();
  const demoIngest = performance.now() - t;
  demoService.close();
  rmSync(demoDir, { recursive: true, force: true }); // the store of the whole games: about 180 MB
  console.log(`demo games: ${demo.length} messages, ${(demoBytes / MB).toFixed(1)} MB`);
  console.log(`  parse only   ${demoParse.toFixed(0)} ms`);
  console.log(
    `  ingest       ${demoIngest.toFixed(0)} ms  (budget under 30000 ms: ${demoIngest < 30_000 ? 'met' : 'NOT met'}; ratio ${(demoIngest / demoParse).toFixed(2)}x, budget at most 2x: ${demoIngest <= 2 * demoParse ? 'met' : 'NOT met'})`,
  );
}

const messages = Array.from({ length: MESSAGES }, (_, i) => resultMessage(i));
const bytes = messages.reduce((n, m) => n + m.length, 0);

let started = performance.now();
for (const m of messages) parseXml(decodeMessage(m, 64 * MB));
const parseMs = performance.now() - started;

const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-'));
const service = await openService({ dataDir, maxMessageBytes: 64 * MB });
started = performance.now();
for (const m of messages) service.ingestor.ingest(m, 'bench', { deferDerive: true });
service.ingestor.flush();
const ingestMs = performance.now() - started;
const sample = service.store.listByType('DT_RESULT')[0]!;
service.close();

console.log(`ingest: ${MESSAGES} messages, ${(bytes / MB).toFixed(1)} MB`);
console.log(`  parse only   ${parseMs.toFixed(0)} ms`);
console.log(
  `  ingest       ${ingestMs.toFixed(0)} ms  (ratio ${(ingestMs / parseMs).toFixed(2)}x; budget at most 2x: ${ingestMs <= 2 * parseMs ? 'met' : 'NOT met'})`,
);

const path = `/api/crs/odf/json/DT_RESULT/${sample.code}`;
await siteBuild();
const server = await startService(dataDir, {});
const servicePort = server.port;

const exported = mkdtempSync(join(tmpdir(), 'podium-bench-files-'));
chmodSync(exported, 0o755); // nginx workers (an unprivileged user when started as root) reach its files
// The document as the service sends it uncompressed (wrk asks no gzip), at its path under nginx's root.
const body = await new Promise<Buffer>((resolve, reject) =>
  get(`http://127.0.0.1:${servicePort}${path}`, { agent: false }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve(Buffer.concat(chunks)));
  }).on('error', reject),
);
mkdirSync(dirname(join(exported, path)), { recursive: true });
writeFileSync(join(exported, path), body);
const nginxDir = mkdtempSync(join(tmpdir(), 'podium-bench-nginx-'));
const nginxPort = 18000 + Math.floor(Math.random() * 1000);
writeFileSync(
  join(nginxDir, 'nginx.conf'),
  `worker_processes auto; daemon off; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log;
events { worker_connections 1024; }
http { access_log off; default_type application/json; etag on;
  client_body_temp_path ${nginxDir}; proxy_temp_path ${nginxDir}; fastcgi_temp_path ${nginxDir}; uwsgi_temp_path ${nginxDir}; scgi_temp_path ${nginxDir};
  server { listen 127.0.0.1:${nginxPort}; root ${exported}; } }
`,
);
const nginx = spawn('nginx', ['-c', join(nginxDir, 'nginx.conf'), '-p', nginxDir]);
await new Promise((r) => setTimeout(r, 500));
try {
  const fromService = wrk(`http://127.0.0.1:${servicePort}${path}`);
  const fromNginx = wrk(`http://127.0.0.1:${nginxPort}${path}`);
  console.log(`cached result document (${sample.body.length} bytes), wrk -t2 -c32 -d${DURATION}:`);
  console.log(
    `  service  ${fromService.rps.toFixed(0)} req/s  p99 ${fromService.p99ms.toFixed(2)} ms  errors ${fromService.errors}`,
  );
  console.log(
    `  nginx    ${fromNginx.rps.toFixed(0)} req/s  p99 ${fromNginx.p99ms.toFixed(2)} ms  errors ${fromNginx.errors}`,
  );
  if (fromNginx.errors > 0) throw new Error('nginx answered errors: the reference is not the same bytes');
  const ratio = fromService.rps / fromNginx.rps;
  console.log(`  ratio    ${ratio.toFixed(2)} (budget at least 0.6: ${ratio >= 0.6 ? 'met' : 'NOT met'})`);

  // The unit's page: rendered once per data version (issue 14), against nginx serving its bytes.
  const pageUrl = `http://127.0.0.1:${servicePort}/${sample.code}`;
  let begun = performance.now();
  const html = Buffer.from(await (await fetch(pageUrl)).arrayBuffer());
  const coldMs = performance.now() - begun;
  writeFileSync(join(exported, 'page.html'), html);
  // Every server process renders the page once (they share no memory): a few requests, each on a
  // connection of its own (the processes share the listening socket), reach them all.
  const fresh = () =>
    new Promise<void>((resolve, reject) =>
      get(pageUrl, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );
  for (let i = 0; i < 8; i += 1) await fresh();
  begun = performance.now();
  await (await fetch(pageUrl)).arrayBuffer();
  const warmMs = performance.now() - begun;
  console.log(`its unit page: first render ${coldMs.toFixed(0)} ms, then ${warmMs.toFixed(1)} ms from memory`);
  const pageFromService = wrk(pageUrl, 50);
  const pageFromNginx = wrk(`http://127.0.0.1:${nginxPort}/page.html`, 50);
  console.log(`its unit page (${html.length} bytes of HTML), wrk -t2 -c50 -d${DURATION}:`);
  console.log(
    `  service  ${pageFromService.rps.toFixed(0)} req/s  p99 ${pageFromService.p99ms.toFixed(2)} ms  errors ${pageFromService.errors}`,
  );
  console.log(
    `  nginx    ${pageFromNginx.rps.toFixed(0)} req/s  p99 ${pageFromNginx.p99ms.toFixed(2)} ms  errors ${pageFromNginx.errors}`,
  );
  const pageRatio = pageFromService.rps / pageFromNginx.rps;
  console.log(
    `  ratio    ${pageRatio.toFixed(2)} (target at least 0.3: ${pageRatio >= 0.3 ? 'met' : 'NOT met'}; p99 at most 50 ms: ${pageFromService.p99ms <= 50 ? 'met' : 'NOT met'})`,
  );
} finally {
  server.stop();
  nginx.kill('SIGQUIT');
  // The service and nginx stop meanwhile: their folders go once they have.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const folder of [dataDir, exported, nginxDir]) rmSync(folder, { recursive: true, force: true });
}
