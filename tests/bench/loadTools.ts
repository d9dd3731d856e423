/**
 * What the benches start and measure with: the service as `npm start` runs it (the compiled build in
 * production mode), nginx, wrk.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { NCHAN_MODULE } from '../support/nginx';
import { startPodium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

/** What a bench's service is, printed at its top: what runs at the games. */
export const PRODUCTION_START =
  'production start (compiled, NODE_ENV=production): node bin/podium.mjs start runs dist/server/start.js, NODE_ENV unset so the build sets production';

/** The machine's load average over 1, 5 and 15 minutes, as `uptime` prints it. */
export const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * A copy of a store in `to`: the compiled start writes to its store when it opens it (the message
 * log's pruning, migrations, derived documents of a new version), and the demo store in
 * node_modules/.cache is shared by the tests.
 */
export function copyStore(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const file of ['podium.sqlite', 'podium.sqlite-wal']) {
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
  }
}

export interface Running {
  readonly port: number;
  /** The process started (for its CPU time). */
  readonly pid?: number;
  stop(): void;
}

export interface Burst {
  requests: number;
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  errors: number;
}

/** A port nothing listens on now. */
/** A free loopback port: the one test helper (tests/support/nginx.ts) serves the bench too. */
export { freePort } from '../support/nginx';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * `npm start` on a store, as an operator runs it (bin/podium.mjs: the compiled server, NODE_ENV unset
 * so production): one server process per core, its threads; the port it listens on.
 */
export async function startService(dataDir: string, env: Record<string, string>): Promise<Running> {
  // The build made first (when stale): the start-up wait then counts no build.
  await siteBuild();
  const service = await startPodium(
    { PODIUM_DATA: dataDir, PODIUM_DEMO: '0', PODIUM_WORKERS: String(availableParallelism()), ...env },
    ROOT,
    120_000,
  );
  // What the service logs from now on (a page it could not publish, a failed render) is shown.
  service.onOutput((text) => process.stderr.write(`  [service] ${text}`));
  return { port: Number(new URL(service.url).port), pid: service.pid, stop: () => void service.stop() };
}

/**
 * nginx (Debian's) with its own prefix, `http` block content as given (and `main` context lines);
 * Nchan loaded, which deploy/nginx.conf uses.
 */
export async function startNginx(dir: string, http: string, main = ''): Promise<Running> {
  mkdirSync(join(dir, 'cache'), { recursive: true });
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${NCHAN_MODULE}${main}worker_processes auto;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${http}\n}\n`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { port: 0, stop: () => void child.kill('SIGQUIT') };
}

/**
 * CPU time (user and system, ms, all threads) used so far by a process and its descendants: per
 * request, a figure that other processes' load on the machine moves less than requests a second.
 */
export function treeCpuMs(root: number): number {
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // After the command's ")": state, ppid, ..., utime (the 12th), stime (the 13th), in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
    used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let ms = 0;
  for (const [pid, cpu] of used) if (inTree(pid)) ms += cpu;
  return ms;
}

/** The same for an nginx started by startNginx (its master and workers). */
export const nginxWorkersCpuMs = (dir: string): number =>
  treeCpuMs(Number(readFileSync(join(dir, 'nginx.pid'), 'utf8').trim()));

const toMs = (value: string | undefined, unit: string | undefined) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit as 'us' | 'ms' | 's' | 'm'] ?? Number.NaN);

/**
 * wrk on loopback over `paths` in turn (or, with `unique`, the one path with a counter appended, so
 * no response can be kept), 2 threads, 64 connections unless said.
 */
export function wrk(
  port: number,
  paths: readonly string[],
  seconds: number,
  options: { gzip?: boolean; unique?: boolean; connections?: number } = {},
): Promise<Burst> {
  const headers = options.gzip ? '{ ["Accept-Encoding"] = "gzip" }' : '{}';
  const script = options.unique
    ? `local i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", "${paths[0]}" .. i, ${headers})\nend\n`
    : `local paths = { ${paths.map((p) => `"${p}"`).join(', ')} }\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], ${headers})\nend\n`;
  const file = join(ROOT, 'node_modules', '.cache', `wrk-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  writeFileSync(file, script);
  const connections = options.connections ?? 64;
  return new Promise((resolve, reject) => {
    const run = spawn('wrk', [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      file,
      `http://127.0.0.1:${port}/`,
    ]);
    let out = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('error', reject);
    run.on('close', () => {
      if (process.env.BENCH_VERBOSE) console.log(out);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      const p50 = /\n\s+50%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
      const p99 = /\n\s+99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
      resolve({
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
        p50: toMs(p50?.[1], p50?.[2]),
        p99: toMs(p99?.[1], p99?.[2]),
        errors: Number(non2xx?.[1] ?? 0) + (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0),
      });
    });
  });
}

/**
 * Latencies (ms) of GET `path`, asked one after another every 10 ms for `ms`, each on a new
 * connection, from a process of its own: the bench's own work (building and sending a 22 MB body)
 * must not count as the service's.
 */
export function probeLatencies(
  port: number,
  path: string,
  ms: number,
): Promise<{ latencies: number[]; failed: number }> {
  const script = `
const { get } = require('node:http');
const latencies = []; let failed = 0; const begun = performance.now();
const ask = () => new Promise((resolve) => {
  const t = performance.now();
  get({ host: '127.0.0.1', port: ${port}, path: ${JSON.stringify(path)}, agent: false }, (res) => {
    res.resume().on('end', () => { latencies.push(performance.now() - t); resolve(); });
  }).on('error', () => { failed += 1; resolve(); });
});
(async () => {
  while (performance.now() - begun < ${ms}) { await ask(); await new Promise((r) => setTimeout(r, 10)); }
  process.stdout.write(JSON.stringify({ latencies, failed }));
})();
`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out) as { latencies: number[]; failed: number }));
  });
}
