/**
 * `npm run bench:load`: a final draws a crowd. The service runs as `npm start` runs it (the compiled
 * build in production mode, one process per core, render and ingest threads) on a copy of the demo
 * store; the feed posts new versions of the live result over HTTP while wrk bursts on loopback. The
 * service publishes what nginx's readers get (PODIUM_PUBLISH_DIR): through deploy/nginx.conf they are
 * files. It prints, with errors, p50 and p99:
 *  1. documents (the live result, the day's schedule) from the service and through deploy/nginx.conf,
 *     with the origin requests per freshness window;
 *  2. pages (the live unit, the day's schedule, the medal table) from the service, through
 *     deploy/nginx.conf, and from nginx serving the same bytes as files: the ratios of issue 14;
 *  3. ingest to visible: from a message accepted to its unit page, schedule and medal table showing it;
 *  4. /v.json (asked from a process of its own) while 16 marathon pages render and a 22 MB message
 *     is ingested, with the threads and without them (PODIUM_RENDER_THREADS=0, PODIUM_INGEST_THREAD=0), side by side;
 *  5. the origin stopped: nginx answers from its published files (or its cache's copy).
 * Needs `nginx` and `wrk` (apt-get install -y nginx wrk). Prints its figures; not a test.
 */
import { spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../../codegen/paths';
import { demoDataDir } from '../support/demoService';
import { siteBuild } from '../support/siteBuild';
import {
  copyStore,
  freePort,
  loadAverage,
  nginxWorkersCpuMs,
  PRODUCTION_START,
  percentile,
  treeCpuMs,
  probeLatencies,
  startNginx,
  startService,
  wrk,
  type Burst,
  type Running,
} from './loadTools';
import { readCommand } from '../../src/server/cli/args';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:load',
  summary:
    'A burst on a live result and the schedule while ingest replays the final, from the service and through nginx (needs nginx and wrk; BENCH_SECONDS, BENCH_INTERVAL_MS).',
} as const);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** A busy live feed: a new version of the result every second (BENCH_INTERVAL_MS). */
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 1000);
const FRESH_SECONDS = 5; // max-age of a document or page that is not OFFICIAL
const TOKEN = 'bench-load-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const tool of ['nginx', 'wrk']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`bench:load needs ${tool} (apt-get install -y nginx wrk)`);
    process.exit(1);
  }
}

console.log(`bench:load on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
console.log(`  the service: the ${PRODUCTION_START}`);
await siteBuild();

// Its own copy of the demo store: the bench ingests (and the service writes to its store at open).
const dir = mkdtempSync(join(tmpdir(), 'podium-load-'));
chmodSync(dir, 0o755); // nginx workers (an unprivileged user when started as root) reach its files
copyStore(await demoDataDir(), dir);

// What the bench plays: read from the store before the service opens it.
const picked = (() => {
  const db = new Database(join(dir, 'podium.sqlite'), { readonly: true });
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
  const live = one<{ code: string }>(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' AND status = 'LIVE' ORDER BY length(body) DESC LIMIT 1",
  ).code;
  const result = one<{ xml: string; version: number }>(
    "SELECT CAST(body AS TEXT) AS xml, version FROM messages WHERE type = 'DT_RESULT' AND code = ? AND outcome = 'stored' AND body IS NOT NULL ORDER BY version DESC LIMIT 1",
    live,
  );
  const schedule = one<{ xml: string }>(
    "SELECT CAST(body AS TEXT) AS xml FROM messages WHERE type = 'DT_SCHEDULE' AND outcome = 'stored' AND CAST(body AS TEXT) LIKE ? ORDER BY version DESC LIMIT 1",
    `%Code="${live}"%`,
  ).xml;
  const medallists = one<{ xml: string; version: number; code: string }>(
    "SELECT CAST(body AS TEXT) AS xml, version, code FROM messages WHERE type = 'DT_MEDALLISTS' AND outcome = 'stored' AND body IS NOT NULL ORDER BY version DESC LIMIT 1",
  );
  const marathon = one<{ code: string }>(
    "SELECT code FROM documents WHERE type = 'DT_RESULT' ORDER BY length(body) DESC LIMIT 1",
  ).code;
  const grid = one<{ body: string }>("SELECT body FROM documents WHERE type = 'SCHEDULE_GRID' AND code = 'ALL'");
  const day = (JSON.parse(grid.body) as { liveDay?: string }).liveDay ?? '2025-11-17';
  db.close();
  return { live, result, schedule, medallists, marathon, day };
})();
const { live, day, marathon } = picked;

const RESULT = `/api/crs/odf/json/DT_RESULT/${live}`;
const SCHEDULE = `/api/crs/odf/json/SCHEDULE_DAY/${day}`;
const PAGES = [`/${live}`, `/schedule/daily?date=${day}`, '/medal/ranking'];

/** The feed: messages posted to the service as a venue relay posts them. */
async function post(
  port: number,
  xml: string | Uint8Array<ArrayBuffer>,
): Promise<{ status: number; outcome?: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/odf`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
    body: xml,
  });
  const answer = (await res.json()) as { outcome?: string };
  return { status: res.status, ...(answer.outcome ? { outcome: answer.outcome } : {}) };
}

let resultVersion = picked.result.version;
/** The next version of the live result, its first mark set to `mark`. */
function nextResult(mark: string): string {
  resultVersion += 1;
  return picked.result.xml
    .replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${resultVersion}"`)
    .replace(/(<Result\b[^>]*?\bResult=")[^"]*"/, `$1${mark}"`);
}

/** Replays the final: a new version of the live result every INTERVAL_MS until stopped. */
function replay(port: number): { stop: () => Promise<number> } {
  let busy: Promise<unknown> = Promise.resolve();
  const answers = new Map<string, number>();
  const timer = setInterval(() => {
    busy = busy
      .then(() => post(port, nextResult(String(resultVersion))))
      .then(
        (answer) => answers.set(answer.outcome ?? String(answer.status), (answers.get(answer.outcome ?? '') ?? 0) + 1),
        (error: Error) => answers.set(error.message, (answers.get(error.message) ?? 0) + 1),
      );
  }, INTERVAL_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await busy;
      if ([...answers.keys()].some((k) => k !== 'stored'))
        console.log(`    the feed's messages: ${[...answers].map(([k, n]) => `${n} ${k}`).join(', ')}`);
      return resultVersion;
    },
  };
}

const versionAt = async (port: number) =>
  Number(((await (await fetch(`http://127.0.0.1:${port}${RESULT}`)).json()) as { Version: string }).Version);

/** Each figure beside its target (issue 27): the ratio to nginx serving the same bytes, and p99. */
function targets(name: string, result: Burst, reference: Burst, ratio: number, p99: number): void {
  const got = result.perSecond / reference.perSecond;
  console.log(
    `    ${name}: ${got.toFixed(2)}x (target >= ${ratio}x: ${got >= ratio ? 'met' : 'NOT met'}), p99 ${result.p99.toFixed(1)} ms (target <= ${p99} ms: ${result.p99 <= p99 ? 'met' : 'NOT met'}; nginx serving the files: ${reference.p99.toFixed(1)} ms)`,
  );
}

/** Headers nginx writes itself for a file (the rest are the origin's, added to the file's answer). */
const NGINX_SETS = new Set([
  'date',
  'last-modified',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'transfer-encoding',
  'server',
]);
/** A header value as an nginx string (the bench's own values: no `$` in them). */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`a header value with $: ${value}`);
  return value.includes("'") ? `"${value.replaceAll('"', '\\"')}"` : `'${value}'`;
}

/** GET as sent on the wire: the raw headers (name, value), their bytes, and the body undecoded. */
function rawGet(
  port: number,
  path: string,
  gzip: boolean,
): Promise<{ headers: [string, string][]; headerBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers: gzip ? { 'Accept-Encoding': 'gzip' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        const headerBytes =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length +
          headers.reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), 0) +
          2;
        resolve({ headers, headerBytes, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** X-Cache-Status of 10 requests a path, counted per path: FILE (a published page), HIT, or what else. */
async function sampleStatuses(port: number, paths: readonly string[]): Promise<string> {
  const lines: string[] = [];
  for (const path of paths) {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10; i += 1) {
      const { headers } = await rawGet(port, path, false);
      const status = headers.find(([name]) => name.toLowerCase() === 'x-cache-status')?.[1] ?? 'none';
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    lines.push(`${path.slice(0, 24)} ${[...counts].map(([status, n]) => `${status} ${n}`).join(' ')}`);
  }
  return lines.join('; ');
}

function report(name: string, result: Burst, reference?: Burst): void {
  const ratio = reference ? `  ${(result.perSecond / reference.perSecond).toFixed(2)}x` : '';
  console.log(
    `  ${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99.toFixed(2).padStart(7)} ms  errors ${result.errors}${ratio}`,
  );
}

const running: Running[] = [];
try {
  // The service writes the pages nginx's readers get as files (PODIUM_PUBLISH_DIR, src/server/publish).
  const published = join(dir, 'published');
  const service = await startService(dir, { PODIUM_ADMIN_TOKEN: TOKEN, PODIUM_PUBLISH_DIR: published });
  running.push(service);
  const origin = service.port;

  // nginx: deploy/nginx.conf in front of the service, and a plain server of the same bytes as files:
  // the same body and the same headers (the origin's, and the two deploy/nginx.conf adds), so the
  // comparison is of the work per request, not of what is sent (issue 27).
  const nginxDir = join(dir, 'nginx');
  const files = join(dir, 'files');
  const proxyPort = await freePort();
  const filesPort = await freePort();
  const fileLocations: string[] = [];
  const headerBytes: Record<string, number> = {};
  for (const [path, gzip] of [
    ...PAGES.map((p) => [p, false] as const),
    [RESULT, true] as const,
    [SCHEDULE, true] as const,
  ]) {
    const { headers, body } = await rawGet(origin, path, gzip);
    const file = join(files, path.split('?')[0]!);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    const added = headers
      .filter(([name]) => !NGINX_SETS.has(name.toLowerCase()))
      .concat([
        ['X-Cache-Status', 'HIT'],
        ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
      ]);
    const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'text/html; charset=utf-8';
    fileLocations.push(
      `  location = ${path.split('?')[0]} {\n    default_type ${quote(type)};\n${added.map(([name, value]) => `    add_header ${name} ${quote(value)};\n`).join('')}  }`,
    );
  }
  const site = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('/var/cache/nginx/podium', join(nginxDir, 'cache'))
    .replaceAll('/var/lib/podium/published', published)
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${origin}`)
    .replace(
      'listen 8088;',
      // The origin's requests, and every answer not a plain HIT (what waited, if anything did).
      `listen 127.0.0.1:${proxyPort} reuseport;\n    access_log ${nginxDir}/origin.log origin if=$upstream_addr;\n    access_log ${nginxDir}/status.log status if=$bench_not_hit;\n    log_subrequest on;`,
    );
  const nginx = await startNginx(
    nginxDir,
    [
      "log_format origin '$request_uri';",
      "log_format status '$upstream_cache_status $request_time $body_bytes_sent $request_uri';",
      // A published page sent as a file asks no upstream: no cache status, not logged either.
      'map $upstream_cache_status $bench_not_hit { HIT 0; "" 0; default 1; }',
      // Both servers alike: the same workers (one nginx), keepalive, sendfile and open files kept,
      // not corked (as deploy/nginx.conf: corked, a page's last segment waits for a delayed ACK).
      'sendfile on; tcp_nopush off; open_file_cache max=10000 inactive=60s;',
      site,
      // No ETag or Last-Modified of its own (the origin's ETag is among the headers it adds).
      `server {\n  listen 127.0.0.1:${filesPort} reuseport;\n  root ${files};\n  etag off;\n${fileLocations.join('\n')}\n}`,
    ].join('\n'),
    'pcre_jit on;\n',
  );
  running.push(nginx);
  for (const [name, port, path, gzip] of [
    ['files', filesPort, PAGES[0]!, false],
    ['proxy', proxyPort, PAGES[0]!, false],
  ] as const) {
    await rawGet(port, path, gzip); // the proxy keeps its first copy
    headerBytes[name] = (await rawGet(port, path, gzip)).headerBytes;
  }
  const statusLog = join(nginxDir, 'status.log');
  writeFileSync(statusLog, '');
  /** A burst through the proxy, with what nginx answered: HIT, or each other cache status (and its slowest). */
  const proxyBurst = async (paths: readonly string[], seconds: number, options: { gzip?: boolean } = {}) => {
    writeFileSync(statusLog, '');
    const cpu = nginxWorkersCpuMs(nginxDir);
    const burst = await wrk(proxyPort, paths, seconds, options);
    const cpuPerRequest = ((nginxWorkersCpuMs(nginxDir) - cpu) * 1000) / Math.max(1, burst.requests);
    await sleep(100);
    const statuses = new Map<string, { n: number; slowest: number }>();
    for (const line of readFileSync(statusLog, 'utf8').split('\n').filter(Boolean)) {
      const [status, seconds] = line.split(' ');
      const entry = statuses.get(status!) ?? { n: 0, slowest: 0 };
      statuses.set(status!, { n: entry.n + 1, slowest: Math.max(entry.slowest, Number(seconds) * 1000) });
    }
    const count = (name: string) => statuses.get(name)?.n ?? 0;
    // A STALE request (its copy sent at once) starts one background update, logged as EXPIRED or
    // REVALIDATED with the origin's time; any more of those, or a MISS, is a reader who waited.
    const updates = count('EXPIRED') + count('REVALIDATED');
    const waited = count('MISS') + Math.max(0, updates - count('STALE'));
    const readers = count('STALE') + count('UPDATING') + waited;
    const text = [`HIT or FILE ${Math.max(0, burst.requests - readers)}`]
      .concat(
        [...statuses].map(
          ([name, { n, slowest }]) =>
            `${name} ${n} (slowest ${slowest.toFixed(0)} ms${name === 'EXPIRED' || name === 'REVALIDATED' ? ', background' : ''})`,
        ),
      )
      .join(', ')
      .concat(`; readers who waited for the origin: ${waited}`);
    return { burst, text, cpuPerRequest };
  };
  const filesBurst = async (paths: readonly string[], seconds: number, options: { gzip?: boolean } = {}) => {
    const cpu = nginxWorkersCpuMs(nginxDir);
    const burst = await wrk(filesPort, paths, seconds, options);
    return { burst, cpuPerRequest: ((nginxWorkersCpuMs(nginxDir) - cpu) * 1000) / Math.max(1, burst.requests) };
  };
  const originTrips = () =>
    readFileSync(join(nginxDir, 'origin.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .reduce((counts, uri) => counts.set(uri, (counts.get(uri) ?? 0) + 1), new Map<string, number>());

  console.log(
    `live result ${live}, the schedule of ${day}, ${DURATION} s bursts of wrk -t2 -c64, a new version every ${INTERVAL_MS} ms; load average ${loadAverage()}`,
  );
  console.log(
    `response header bytes of the unit page: nginx serving the file ${headerBytes.files}, through deploy/nginx.conf ${headerBytes.proxy}\n`,
  );

  // 1. Documents.
  console.log('documents (the live result and the day schedule, gzip):');
  let feed = replay(origin);
  report('service', await wrk(origin, [RESULT, SCHEDULE], DURATION, { gzip: true }));
  let last = await feed.stop();
  // The other server process sees the last commit within the store's look at other writes (0.1 s).
  await sleep(150);
  console.log(
    `    latest version served after the burst: ${(await versionAt(origin)) === last ? 'yes' : 'NO'} (v${last})`,
  );
  await wrk(proxyPort, [RESULT, SCHEDULE], 1, { gzip: true }); // warm-up, as for pages below
  await wrk(filesPort, [RESULT, SCHEDULE], 1, { gzip: true });
  feed = replay(origin);
  const documentFiles = await filesBurst([RESULT, SCHEDULE], DURATION, { gzip: true });
  await feed.stop();
  writeFileSync(join(nginxDir, 'origin.log'), ''); // nginx appends: the count starts here
  feed = replay(origin);
  const documentsStarted = Date.now();
  const documentProxy = await proxyBurst([RESULT, SCHEDULE], DURATION, { gzip: true });
  last = await feed.stop();
  report('nginx serving the bytes as files', documentFiles.burst);
  report('through deploy/nginx.conf', documentProxy.burst, documentFiles.burst);
  console.log(`    nginx's answers: ${documentProxy.text}`);
  console.log(
    `    nginx CPU per request: ${documentFiles.cpuPerRequest.toFixed(1)} µs as files, ${documentProxy.cpuPerRequest.toFixed(1)} µs through deploy/nginx.conf`,
  );
  targets('documents through deploy/nginx.conf', documentProxy.burst, documentFiles.burst, 0.95, 20);
  const windows = Math.ceil((Date.now() - documentsStarted) / 1000 / FRESH_SECONDS);
  for (const path of [RESULT, SCHEDULE]) {
    const hits = originTrips().get(path) ?? 0;
    console.log(
      `    origin requests for ${path.split('/').slice(-2).join('/')}: ${hits} in ${windows} freshness windows (${hits <= windows + 1 ? 'at most one per window' : 'MORE than one per window'})`,
    );
  }

  await sleep((FRESH_SECONDS + 1) * 1000);
  await versionAt(proxyPort); // a stale copy triggers its background update
  await sleep(500);
  console.log(
    `    latest version served through nginx once fresh again: ${(await versionAt(proxyPort)) === last ? 'yes' : 'NO'} (v${last})`,
  );

  // 2. Pages: the same bytes from the service, through the proxy, and as files.
  console.log(`\npages (${PAGES.join(', ')}), the same bytes three ways, the mean of two rounds (p99: the worse):`);
  // A second's burst first, not counted: every server process renders each page once, and nginx
  // keeps a copy under wrk's own key, before the clock starts (at a cold cache, the requests nginx
  // holds behind its cache lock are woken every 0.5 s: that is the first burst's p99).
  await wrk(origin, PAGES, 1);
  await wrk(proxyPort, PAGES, 1);
  // Two rounds, the three one after another in each: this machine's speed moves between runs.
  const rounds: Burst[][] = [];
  const cpu = { files: [] as number[], proxy: [] as number[], service: [] as number[] };
  for (let round = 0; round < 2; round += 1) {
    feed = replay(origin);
    const asFiles = await filesBurst(PAGES, DURATION / 2);
    const serviceCpu = service.pid === undefined ? Number.NaN : treeCpuMs(service.pid);
    const fromOrigin = await wrk(origin, PAGES, DURATION / 2);
    cpu.service.push(((treeCpuMs(service.pid ?? 0) - serviceCpu) * 1000) / Math.max(1, fromOrigin.requests));
    const proxied = await proxyBurst(PAGES, DURATION / 2);
    rounds.push([asFiles.burst, fromOrigin, proxied.burst]);
    cpu.files.push(asFiles.cpuPerRequest);
    cpu.proxy.push(proxied.cpuPerRequest);
    console.log(
      `  round ${round + 1} (load average ${loadAverage()}): nginx's answers through deploy/nginx.conf: ${proxied.text}`,
    );
    console.log(`    sampled after it, 10 a page: ${await sampleStatuses(proxyPort, PAGES)}`);
    await feed.stop();
  }
  const mean = (i: number): Burst => {
    const runs = rounds.map((r) => r[i]!);
    const avg = (pick: (b: Burst) => number) => runs.reduce((n, b) => n + pick(b), 0) / runs.length;
    return {
      requests: avg((b) => b.requests) * runs.length,
      perSecond: avg((b) => b.perSecond),
      p50: avg((b) => b.p50),
      p99: Math.max(...runs.map((b) => b.p99)),
      errors: runs.reduce((n, b) => n + b.errors, 0),
    };
  };
  const [fromFiles, fromService, fromProxy] = [mean(0), mean(1), mean(2)] as [Burst, Burst, Burst];
  report('nginx serving the bytes as files', fromFiles);
  report('service', fromService, fromFiles);
  report('through deploy/nginx.conf', fromProxy, fromFiles);
  const mean2 = (values: number[]) => values.reduce((n, v) => n + v, 0) / values.length;
  console.log(
    `    CPU per request: ${mean2(cpu.files).toFixed(1)} µs nginx serving files, ${mean2(cpu.proxy).toFixed(1)} µs nginx through deploy/nginx.conf, ${mean2(cpu.service).toFixed(1)} µs the service (its renders included)`,
  );
  targets('pages, the service alone', fromService, fromFiles, 0.5, 50);
  targets('pages through deploy/nginx.conf', fromProxy, fromFiles, 0.95, 20);
  console.log(`    load average now: ${loadAverage()}`);

  // 3. Ingest to visible, on the service (through the proxy add up to its max-age of 5 s).
  console.log('\ningest to visible (from the message accepted to the page showing it), 5 tries each:');
  const visible = async (path: string, shows: (html: string, etag: string) => boolean): Promise<number> => {
    const begun = performance.now();
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${origin}${path}`);
      const html = await res.text();
      if (shows(html, res.headers.get('etag') ?? '')) return performance.now() - begun;
      if (performance.now() - begun > 10_000) return Number.POSITIVE_INFINITY;
      await sleep(5);
    }
  };
  const etagOf = async (path: string) => (await fetch(`http://127.0.0.1:${origin}${path}`)).headers.get('etag') ?? '';
  const tries = { unit: [] as number[], schedule: [] as number[], medals: [] as number[] };
  const unitXml = new RegExp(`<Unit\\b[^>]*\\bCode="${live}"[\\s\\S]*?</Unit>`).exec(picked.schedule)?.[0] ?? '';
  const scheduleHead = /<OdfBody\b[^>]*>/.exec(picked.schedule)?.[0] ?? '';
  let medalVersion = picked.medallists.version;
  for (let i = 1; i <= 5; i += 1) {
    const mark = `9:${String(10 + i)}.${String(i).padStart(2, '0')}`;
    const accepted = await post(origin, nextResult(mark));
    if (accepted.status !== 201) throw new Error(`the result was not stored: ${JSON.stringify(accepted)}`);
    tries.unit.push(await visible(`/${live}`, (html) => html.includes(mark)));

    const before = await etagOf(PAGES[1]!);
    const status = i % 2 === 1 ? 'INTERRUPTED' : 'RUNNING';
    const update = `${scheduleHead.replace('DT_SCHEDULE"', 'DT_SCHEDULE_UPDATE"').replace(/\bVersion="\d+"/, `Version="${i}"`)}<Competition>${unitXml.replace(/ScheduleStatus="[A-Z_]+"/, `ScheduleStatus="${status}"`)}</Competition></OdfBody>`;
    if ((await post(origin, update)).status !== 201) throw new Error('the schedule update was not stored');
    tries.schedule.push(await visible(PAGES[1]!, (_html, etag) => etag !== before));

    const medalsBefore = await etagOf(PAGES[2]!);
    medalVersion += 1;
    // Gold and silver of the first event change hands: the table's counts change.
    const swapped = picked.medallists.xml
      .replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${medalVersion}"`)
      .replace('ME_GOLD', 'ME_TMP')
      .replace('ME_SILVER', i % 2 === 1 ? 'ME_GOLD' : 'ME_SILVER')
      .replace('ME_TMP', i % 2 === 1 ? 'ME_SILVER' : 'ME_GOLD');
    if ((await post(origin, swapped)).status === 201)
      tries.medals.push(await visible(PAGES[2]!, (_html, etag) => etag !== medalsBefore));
  }
  for (const [name, times] of Object.entries(tries)) {
    if (times.length === 0) continue;
    const worst = Math.max(...times);
    console.log(
      `  ${name.padEnd(9)} p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  worst ${worst.toFixed(0).padStart(5)} ms  (target <= 1000 ms: ${worst <= 1000 ? 'met' : 'NOT met'})`,
    );
  }

  // 4. /v.json while 16 marathon pages render (each a new URL, so none is kept) and 22 MB arrive.
  console.log(`\n/v.json while 16 pages of ${marathon} render and a 22 MB message is ingested:`);
  // Built once, as bytes: the bench's own work on 22 MB must not stall what it measures.
  const big = new Uint8Array(Buffer.from(largeMessage(marathon, 22 * 1024 * 1024)));
  const underPressure = async (port: number, name: string) => {
    const pages = wrkViews(port, marathon, 8);
    const ingest = post(port, big).then((answer) => ({ ...answer, at: performance.now() }));
    const begun = performance.now();
    const { latencies, failed } = await probeLatencies(port, '/v.json', 8000);
    const ingested = await ingest;
    const views = await pages;
    console.log(
      `  ${name.padEnd(34)} /v.json p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms  worst ${Math.max(
        ...latencies,
      )
        .toFixed(0)
        .padStart(
          5,
        )} ms  (${latencies.length} answered, ${failed} failed; ${views.requests} marathon pages, errors ${views.errors}; ingest ${ingested.status} in ${((ingested.at - begun) / 1000).toFixed(1)} s)`,
    );
    return percentile(latencies, 99);
  };
  const threadedP99 = await underPressure(origin, 'render and ingest threads');
  console.log(`    target p99 <= 20 ms: ${threadedP99 <= 20 ? 'met' : 'NOT met'}`);
  const unthreadedDir = mkdtempSync(join(tmpdir(), 'podium-load-nothreads-'));
  copyStore(await demoDataDir(), unthreadedDir);
  const unthreaded = await startService(unthreadedDir, {
    PODIUM_ADMIN_TOKEN: TOKEN,
    PODIUM_RENDER_THREADS: '0',
    PODIUM_INGEST_THREAD: '0',
  });
  running.push({ port: unthreaded.port, stop: () => (unthreaded.stop(), rmSync(unthreadedDir, { recursive: true })) });
  await underPressure(unthreaded.port, 'no threads (the serving thread)');

  // 5. The origin stops: nginx answers from its copy (stale-if-error).
  await sleep(1000);
  await fetch(`http://127.0.0.1:${proxyPort}${PAGES[0]}`);
  service.stop();
  running.splice(running.indexOf(service), 1);
  await sleep((FRESH_SECONDS + 1) * 1000);
  const stale = await fetch(`http://127.0.0.1:${proxyPort}${RESULT}`);
  const stalePage = await fetch(`http://127.0.0.1:${proxyPort}${PAGES[0]}`);
  // Not a document (nginx's own error page, say): its status and first line, not a crash of the bench.
  const staleText = await stale.text();
  const staleVersion =
    /"Version"\s*:\s*"([^"]*)"/.exec(staleText)?.[1] ?? `none (${staleText.split('\n')[0]!.slice(0, 60)})`;
  console.log(
    `\norigin stopped: nginx answers the result ${stale.status} (${stale.headers.get('x-cache-status')}), version ${staleVersion}; the unit page ${stalePage.status} (${stalePage.headers.get('x-cache-status')})`,
  );
} finally {
  for (const part of running.reverse()) part.stop();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * 16 connections asking the marathon's page, each request a new page: every one a full render. The
 * counter goes in a parameter pages are keyed on (`q`, which a unit page does not read): a junk
 * parameter would be dropped by canonicalPageUrl, and every request would be the one kept page.
 */
function wrkViews(port: number, code: string, seconds: number): Promise<Burst> {
  return wrk(port, [`/${code}?q=`], seconds, { unique: true, connections: 16 });
}

/** A result message of about `bytes`: the shape of a long field (a mass race), in the marathon's discipline. */
function largeMessage(code: string, bytes: number): string {
  const unit = code.replace(/.{10}--$/, 'HEAT009900--');
  const row = (i: number) =>
    `<Result Rank="${i}" Result="2:${String(10 + Math.floor(i / 3000)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}" SortOrder="${i}"><Competitor Code="${5_000_000 + i}" Type="A" Organisation="GDG"><Composition><Athlete Code="${5_000_000 + i}" Order="1"><Description GivenName="Runner${i}" FamilyName="LI" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result>`;
  const rows: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i += 1) {
    const r = row(i);
    rows.push(r);
    size += r.length;
  }
  return `<?xml version="1.0" encoding="UTF-8"?><OdfBody CompetitionCode="NG2025" DocumentType="DT_RESULT" DocumentCode="${unit}" Version="1" ResultStatus="LIVE"><Competition>${rows.join('')}</Competition></OdfBody>`;
}
