/**
 * `npm run bench:load`: a final draws a crowd. On loopback, wrk bursts on one live result document
 * and the day's schedule while ingest replays new versions of that result; then the same burst
 * through nginx (Debian's package) configured by `deploy/nginx.conf`, and the origin is stopped to
 * see nginx serve its stale copy. Prints errors, p99 latency and throughput, the origin requests per
 * document, and whether the latest version was served. Needs `nginx` and `wrk`. Not a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { openService } from '../../src/server/service';
import { demoDataDir } from '../support/demoService';

const DURATION = Number(process.env.BENCH_SECONDS ?? 12);
/** A busy live feed: a new version of the result every second (BENCH_INTERVAL_MS). */
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 1000);
const FRESH_SECONDS = 5; // max-age of a document that is not OFFICIAL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const tool of ['nginx', 'wrk']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`bench:load needs ${tool} (apt-get install -y nginx wrk)`);
    process.exit(1);
  }
}

// Its own copy of the demo store: the bench ingests.
const dir = mkdtempSync(join(tmpdir(), 'podium-load-'));
copyFileSync(join(await demoDataDir(), 'podium.sqlite'), join(dir, 'podium.sqlite'));
const service = await openService({ dataDir: dir, maxMessageBytes: 64 * 1024 * 1024 });
const server: Server = createPodiumServer(service, {
  config: readConfig({}),
  distDir: join(ROOT, 'dist'),
  version: 'load',
});
const origin = new Map<string, number>();
server.on('request', (req) => origin.set(req.url ?? '', (origin.get(req.url ?? '') ?? 0) + 1));
const sockets = new Set<Socket>();
server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const originPort = (server.address() as AddressInfo).port;

const live = service.db
  .prepare("SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'LIVE' ORDER BY length(body) DESC LIMIT 1")
  .get() as { code: string };
const sent = service.db
  .prepare("SELECT xml, version FROM messages WHERE type = 'DT_RESULT' AND code = ? ORDER BY version DESC LIMIT 1")
  .get(live.code) as { xml: string; version: number };
const day =
  service.store.json<{ liveDay?: string; days: { date: string }[] }>('SCHEDULE_GRID', 'ALL')?.liveDay ?? '2025-11-17';
const RESULT = `/api/crs/odf/json/DT_RESULT/${live.code}`;
const SCHEDULE = `/api/crs/odf/json/SCHEDULE_DAY/${day}`;

/** Replays the final: a new version of the live result every INTERVAL_MS until stopped. */
function replay(): { stop: () => number } {
  let version = sent.version;
  const timer = setInterval(() => {
    version += 1;
    const xml = sent.xml
      .replace(/Version="\d+"/, `Version="${version}"`)
      .replace(/(<Result\b[^>]*?\bResult=")[^"]*"/, `$1${version}"`);
    service.ingestor.ingest(Buffer.from(xml), 'bench-load');
  }, INTERVAL_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return version;
    },
  };
}

const script = join(dir, 'paths.lua');
writeFileSync(
  script,
  `local paths = { "${RESULT}", "${SCHEDULE}" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % 2) + 1], { ["Accept-Encoding"] = "gzip" })
end
`,
);

interface Burst {
  requests: number;
  perSecond: number;
  p99: string;
  errors: number;
}
function burst(port: number): Promise<Burst> {
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', ['-t2', '-c64', `-d${DURATION}s`, '--latency', '-s', script, `http://127.0.0.1:${port}/`]);
    let out = '';
    wrk.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    wrk.on('error', reject);
    wrk.on('close', () => {
      if (process.env.BENCH_VERBOSE) console.log(out);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      resolve({
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
        p99: /99%\s+(\S+)/.exec(out)?.[1] ?? '?',
        errors: Number(non2xx?.[1] ?? 0) + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
      });
    });
  });
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = (await import('node:net')).createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const versionAt = async (port: number) =>
  Number(((await (await fetch(`http://127.0.0.1:${port}${RESULT}`)).json()) as { Version: string }).Version);

function report(name: string, result: Burst): void {
  console.log(
    `${name.padEnd(28)} ${String(result.requests).padStart(8)} requests  ${result.perSecond.toFixed(0).padStart(7)} req/s  p99 ${result.p99.padStart(8)}  errors ${result.errors}`,
  );
}

let nginx: ReturnType<typeof spawn> | undefined;
try {
  console.log(
    `live result ${live.code} and the schedule of ${day}, ${DURATION} s bursts, 64 connections, a new version every ${INTERVAL_MS} ms\n`,
  );
  // 1. The service alone.
  let feed = replay();
  const direct = await burst(originPort);
  let last = feed.stop();
  report('service', direct);
  console.log(
    `  latest version served after the burst: ${(await versionAt(originPort)) === last ? 'yes' : 'NO'} (v${last})`,
  );

  // 2. Through nginx, configured by deploy/nginx.conf.
  const proxyPort = await freePort();
  const nginxDir = join(dir, 'nginx');
  mkdirSync(join(nginxDir, 'cache'), { recursive: true });
  // nginx started as root runs its workers as an unprivileged user: they must reach the cache.
  chmodSync(dir, 0o755);
  for (const path of [nginxDir, join(nginxDir, 'cache')]) chmodSync(path, 0o777);
  const site = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('/var/cache/nginx/podium', join(nginxDir, 'cache'))
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${originPort}`)
    .replace('listen 8088;', `listen 127.0.0.1:${proxyPort};`);
  writeFileSync(join(nginxDir, 'podium.conf'), site);
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    `worker_processes auto;\npid ${nginxDir}/nginx.pid;\nerror_log ${nginxDir}/error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n  client_body_temp_path ${nginxDir}/body;\n  proxy_temp_path ${nginxDir}/proxy;\n  include ${nginxDir}/podium.conf;\n}\n`,
  );
  nginx = spawn('nginx', ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  await sleep(500);
  origin.clear();
  feed = replay();
  const started = Date.now();
  const proxied = await burst(proxyPort);
  last = feed.stop();
  const seconds = (Date.now() - started) / 1000;
  report('nginx (deploy/nginx.conf)', proxied);
  if (proxied.errors > 0) {
    const log = readFileSync(join(nginxDir, 'error.log'), 'utf8').trim().split('\n');
    console.log(`  nginx error log (last lines):\n    ${log.slice(-3).join('\n    ')}`);
  }
  const windows = Math.ceil(seconds / FRESH_SECONDS);
  for (const path of [RESULT, SCHEDULE]) {
    const hits = origin.get(path) ?? 0;
    console.log(
      `  origin requests for ${path.split('/').slice(-2).join('/')}: ${hits} in ${windows} freshness windows of ${FRESH_SECONDS} s (${hits <= windows + 1 ? 'at most one per window' : 'MORE than one per window'})`,
    );
  }
  await sleep((FRESH_SECONDS + 1) * 1000);
  await versionAt(proxyPort); // a stale copy triggers its background update
  await sleep(500);
  console.log(
    `  latest version served once fresh again: ${(await versionAt(proxyPort)) === last ? 'yes' : 'NO'} (v${last})`,
  );

  // 3. The origin stops: nginx answers from its copy (stale-if-error).
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  await sleep((FRESH_SECONDS + 1) * 1000);
  const stale = await fetch(`http://127.0.0.1:${proxyPort}${RESULT}`);
  console.log(
    `  origin stopped: nginx answers ${stale.status} (${stale.headers.get('x-cache-status')}), version ${((await stale.json()) as { Version: string }).Version}`,
  );
} finally {
  nginx?.kill('SIGQUIT');
  server.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
}
