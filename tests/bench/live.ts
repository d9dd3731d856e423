/**
 * `npm run bench:live`: a final watched live (issue 47 item 6; DESIGN section 7). The service runs as
 * `npm start` runs it (the production start, one server process per core) on a copy of the demo
 * store; the feed posts a new version of the live football semifinal's result every second over
 * HTTP, as a venue relay does, while subscribers hold Server-Sent Events streams on its channel:
 *  1. through deploy/nginx.conf with Nchan (the origin publishing to it: PODIUM_LIVE_PUBLISH_URL),
 *     10,000 subscribers (BENCH_SUBSCRIBERS);
 *  2. from the service alone, 1,000 (BENCH_SERVICE_SUBSCRIBERS, by default a tenth of the first).
 * For each it prints, beside its budget: the subscribers connected, the events delivered of those
 * expected (every version posted, to every subscriber), the feed-to-subscriber latency (from the
 * moment the feed sends the POST to the moment a subscriber's process reads the event naming that
 * version) p50, p99 and worst, and the origin's open connections (established TCP connections to
 * the service's port, the feed's own left out) before the subscribers, with them, and at the end.
 * Subscribers are raw HTTP/1.1 sockets reading the event stream, in processes of their own (5,000 a
 * process at most), so that the feed and the subscribers do not wait on one event loop; their
 * reading is counted in the latency, which is therefore an upper bound.
 * Among the subscribers, each way, a reader in Chromium (liveBrowser.ts): the unit page open at a
 * phone's width, each version timed from its POST to its score on the page.
 * Needs nginx with Nchan (apt-get install -y nginx libnginx-mod-nchan). Prints its figures; not a test.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from '../../codegen/paths';
import { readCommand } from '../../src/server/cli/args';
import { CHROMIUM_ARGS } from '../support/e2e';
import { NCHAN_MODULE } from '../support/nginx';
import { siteBuild } from '../support/siteBuild';
import {
  freePort,
  loadAverage,
  nginxWorkersCpuMs,
  percentile,
  PRODUCTION_START,
  startService,
  treeCpuMs,
  type Running,
} from './loadTools';
import { scoreOf, watchScreen } from './liveBrowser';
import { demoStoreCopy } from './serveDemo';

/** The demo's live football semifinal: the unit a crowd watches. */
export const LIVE_UNIT = 'FBLMU20---------------SFNL000100--';
const CHANNEL = `DT_RESULT.${LIVE_UNIT}`;
const TOKEN = 'bench-live-token';
/** DESIGN section 7: the feed to every subscriber, p99 at most this (ms). */
const P99_BUDGET_MS = 1000;
/** nginx's kept connections to the origin (deploy/nginx.conf `upstream podium_origin`). */
const UPSTREAM_KEEPALIVE = 64;
/** Subscribers a process holds at most (one file descriptor each; this machine allows 20,000). */
const PER_PROCESS = 5000;
/** Connections being opened at once by a process (nginx's and Node's listen backlog is 511). */
const OPENING_AT_ONCE = 100;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** Milliseconds since the epoch, to a fraction: the same clock in every process of the bench. */
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------
// The feed: new versions of the unit's result, posted to the service as a venue relay posts them.

/**
 * Posts version `version` of `xml` (the unit's latest result message) with its first mark set to
 * `mark` (a new score) to the service on `port`; resolves with the answer's status and outcome,
 * and when the POST was sent (ms since the epoch, the bench's clock in every process).
 */
export async function postResult(
  port: number,
  xml: string,
  version: number,
  mark: string,
): Promise<{ status: number; outcome?: string; sentAt: number }> {
  const body = xml
    .replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${version}"`)
    .replace(/(<Result\b[^>]*?\bResult=")[^"]*"/, `$1${mark}"`);
  const sentAt = now();
  const res = await fetch(`http://127.0.0.1:${port}/api/internal/odf`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
    body,
  });
  const answer = (await res.json()) as { outcome?: string };
  return { status: res.status, ...(answer.outcome ? { outcome: answer.outcome } : {}), sentAt };
}

export interface Feed {
  /** Stops posting; resolves with when each stored version was sent (ms since the epoch). */
  stop(): Promise<{ sentAt: Map<number, number>; refused: string[] }>;
}

/**
 * A new version of `xml` every `intervalMs`, its Version counted up from `version` and its first
 * mark changed (a new score), each POST after the last one answered.
 */
export function startFeed(port: number, xml: string, version: number, intervalMs: number): Feed {
  const sentAt = new Map<number, number>();
  const refused: string[] = [];
  let next = version;
  let busy: Promise<void> = Promise.resolve();
  const post = async () => {
    next += 1;
    const v = next;
    try {
      const answer = await postResult(port, xml, v, scoreOf(v));
      if (answer.status === 201) sentAt.set(v, answer.sentAt);
      else refused.push(`v${v}: ${answer.status} ${answer.outcome ?? ''}`);
    } catch (error) {
      refused.push(`v${v}: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(() => (busy = busy.then(post)), intervalMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await busy;
      return { sentAt, refused };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Subscribers: raw sockets in processes of their own, reporting what they read.

type ToGroup =
  { kind: 'open'; port: number; path: string; count: number; after: number } | { kind: 'report' } | { kind: 'close' };
type FromGroup =
  | { kind: 'opened'; connected: number; failed: string[] }
  | { kind: 'progress'; delivered: number; dropped: number }
  | { kind: 'report'; receipts: [number, number[]][]; duplicates: number; backwards: number; dropped: number };

/**
 * One process's subscribers: `count` connections to `port` asking `path` for the event stream,
 * each reading every `data:` line (the service's stream comes chunked, Nchan's as it is: each event
 * is one chunk, so a line is never split by a chunk's size). It keeps when each version newer than
 * `after` arrived, and tells the parent how many have.
 */
function subscriberGroup(): void {
  const sockets: Socket[] = [];
  const receipts = new Map<number, number[]>();
  let delivered = 0;
  let duplicates = 0;
  let backwards = 0;
  let dropped = 0;
  let closing = false;
  const send = (message: FromGroup) => process.send?.(message);
  const open = (port: number, path: string, after: number) =>
    new Promise<string | undefined>((done) => {
      const socket = connect(port, '127.0.0.1');
      let head = true;
      let text = '';
      let last = after;
      socket.setNoDelay(true);
      socket.setEncoding('latin1');
      socket.on('connect', () =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`),
      );
      socket.on('data', (chunk: string) => {
        const at = now();
        text += chunk;
        if (head) {
          const end = text.indexOf('\r\n\r\n');
          if (end === -1) return;
          const status = text.slice(9, 12);
          text = text.slice(end + 4);
          head = false;
          if (status !== '200') {
            socket.destroy();
            return done(`status ${status}`);
          }
          sockets.push(socket);
          done(undefined);
        }
        let end: number;
        while ((end = text.indexOf('\n')) !== -1) {
          const line = text.slice(0, end);
          text = text.slice(end + 1);
          if (!line.startsWith('data: ')) continue;
          const version = Number(/"version":(\d+)/.exec(line)?.[1]);
          if (!(version > after)) continue;
          if (version === last) duplicates += 1;
          else if (version < last) backwards += 1;
          else {
            last = version;
            delivered += 1;
            let times = receipts.get(version);
            if (!times) receipts.set(version, (times = []));
            times.push(at);
          }
        }
      });
      socket.on('error', (error) => done(error.message));
      socket.on('close', () => {
        if (!closing && !head) dropped += 1;
        done('closed');
      });
    });
  let reported = -1;
  const progress = setInterval(() => {
    if (delivered + dropped === reported) return;
    reported = delivered + dropped;
    send({ kind: 'progress', delivered, dropped });
  }, 100);
  process.on('message', async (message: ToGroup) => {
    if (message.kind === 'open') {
      const failed: string[] = [];
      let next = 0;
      const opener = async () => {
        while (next < message.count) {
          next += 1;
          const why = await open(message.port, message.path, message.after);
          if (why) failed.push(why);
        }
      };
      await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, message.count) }, opener));
      send({ kind: 'opened', connected: sockets.length, failed });
    } else if (message.kind === 'report') {
      send({ kind: 'report', receipts: [...receipts], duplicates, backwards, dropped });
    } else {
      closing = true;
      clearInterval(progress);
      for (const socket of sockets) socket.destroy();
      process.disconnect();
    }
  });
}

interface Subscribers {
  readonly connected: number;
  readonly failed: string[];
  /** Events delivered so far (versions newer than `after`), and streams ended by the server. */
  progress(): { delivered: number; dropped: number };
  report(): Promise<{ receipts: Map<number, number[]>; duplicates: number; backwards: number; dropped: number }>;
  close(): void;
}

/** `count` subscribers to `path` on `port`, in processes of PER_PROCESS at most; resolves once all have their stream. */
export async function openSubscribers(port: number, path: string, count: number, after: number): Promise<Subscribers> {
  const groups: { child: ChildProcess; progress: { delivered: number; dropped: number } }[] = [];
  const sizes = Array.from({ length: Math.ceil(count / PER_PROCESS) }, (_, i) =>
    Math.min(PER_PROCESS, count - i * PER_PROCESS),
  );
  const opened = await Promise.all(
    sizes.map(
      (size) =>
        new Promise<{ connected: number; failed: string[] }>((done, fail) => {
          const child = fork(fileURLToPath(import.meta.url), [], {
            env: { ...process.env, BENCH_LIVE_ROLE: 'subscribers' },
            execArgv: process.execArgv,
          });
          const group = { child, progress: { delivered: 0, dropped: 0 } };
          groups.push(group);
          child.on('message', (message: FromGroup) => {
            if (message.kind === 'opened') done(message);
            if (message.kind === 'progress') group.progress = message;
          });
          child.once('exit', (code) => fail(new Error(`a subscribers' process exited (${code})`)));
          child.send({ kind: 'open', port, path, count: size, after } satisfies ToGroup);
        }),
    ),
  );
  return {
    connected: opened.reduce((n, o) => n + o.connected, 0),
    failed: opened.flatMap((o) => o.failed),
    progress: () =>
      groups.reduce(
        (sum, { progress }) => ({
          delivered: sum.delivered + progress.delivered,
          dropped: sum.dropped + progress.dropped,
        }),
        { delivered: 0, dropped: 0 },
      ),
    report: async () => {
      const reports = await Promise.all(
        groups.map(
          ({ child }) =>
            new Promise<Extract<FromGroup, { kind: 'report' }>>((done) => {
              const listener = (message: FromGroup) => {
                if (message.kind !== 'report') return;
                child.off('message', listener);
                done(message);
              };
              child.on('message', listener);
              child.send({ kind: 'report' } satisfies ToGroup);
            }),
        ),
      );
      const receipts = new Map<number, number[]>();
      for (const report of reports)
        for (const [version, times] of report.receipts) {
          const all = receipts.get(version) ?? [];
          for (const at of times) all.push(at);
          receipts.set(version, all);
        }
      const sum = (pick: (r: (typeof reports)[number]) => number) => reports.reduce((n, r) => n + pick(r), 0);
      return {
        receipts,
        duplicates: sum((r) => r.duplicates),
        backwards: sum((r) => r.backwards),
        dropped: sum((r) => r.dropped),
      };
    },
    close: () => {
      for (const { child } of groups) {
        child.removeAllListeners('exit');
        if (child.connected) child.send({ kind: 'close' } satisfies ToGroup);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What the machine says: the origin's connections, nginx.

/** The socket inodes of this process (the feed's connections are its own: not the readers'). */
function ownSockets(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * Established TCP connections to `port` on this machine (the server's end of each), but those this
 * process opened (the feed): the connections the origin holds for nginx or for readers.
 */
export function originConnections(port: number): number {
  const rows = ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 9)
    .map((fields) => ({ local: fields[1]!, remote: fields[2]!, state: fields[3]!, inode: fields[9]! }));
  const mine = ownSockets();
  const ownEnds = new Set(rows.filter((row) => mine.has(row.inode)).map((row) => row.local));
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return rows.filter((row) => row.state === '01' && row.local.endsWith(`:${hexPort}`) && !ownEnds.has(row.remote))
    .length;
}

/**
 * nginx (Debian's, with Nchan) running deploy/nginx.conf as it is, its placeholders set: on `port`
 * (reuseport, as bench:load), the service on `originPort`, Nchan's publisher on `livePort`; as many
 * connections a worker as the subscribers need.
 */
async function startEdge(dir: string, port: number, originPort: number, livePort: number, connections: number) {
  mkdirSync(join(dir, 'cache'), { recursive: true });
  const site = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('/var/cache/nginx/podium', join(dir, 'cache'))
    .replaceAll('/var/lib/podium/published', join(dir, 'published'))
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${originPort}`)
    .replace('listen 8088;', `listen 127.0.0.1:${port} reuseport;`)
    .replace('listen 127.0.0.1:8081;', `listen 127.0.0.1:${livePort};`);
  // Each worker could hold them all (the kernel spreads connections, not evenly), with room.
  const perWorker = connections + 1024;
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${NCHAN_MODULE}${user}worker_processes auto;\nworker_rlimit_nofile ${perWorker * 2};\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections ${perWorker}; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${site}\n}\n`,
  );
  const child = spawn(existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', [
    '-p',
    dir,
    '-c',
    join(dir, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`nginx stopped (${child.exitCode}):\n${output}`);
    // Both listeners answer (nginx itself: a 404 from the publisher's, a 400 from /live).
    const publisher = await fetch(`http://127.0.0.1:${livePort}/`).catch(() => undefined);
    if (publisher && (await fetch(`http://127.0.0.1:${port}/live`).catch(() => undefined))) break;
    if (tries > 100) throw new Error(`nginx does not listen:\n${output}`);
    await sleep(100);
  }
  return { pid: child.pid, stop: () => void child.kill('SIGQUIT') };
}

/** The subscribers Nchan counts on the channel (its publisher's GET; 0 before the channel exists). */
async function nchanSubscribers(livePublishUrl: string): Promise<number> {
  const res = await fetch(`${livePublishUrl}${CHANNEL}`, { headers: { Accept: 'text/json' } });
  if (res.status !== 200) return 0;
  return (JSON.parse(await res.text()) as { subscribers: number }).subscribers;
}

// ---------------------------------------------------------------------------------------------
// One measurement: subscribers, the feed, what they got.

interface Measured {
  /** Feed to the new score on the Chromium reader's page, per version (Infinity: not shown). */
  readonly screenMs: number[];
  readonly subscribers: number;
  readonly connected: number;
  readonly failed: string[];
  readonly delivered: number;
  readonly expected: number;
  readonly duplicates: number;
  readonly backwards: number;
  readonly dropped: number;
  readonly latencies: number[];
  readonly origin: { before: number; subscribed: number; most: number; end: number };
  readonly refused: string[];
  readonly cpuMs: { service: number; nginx?: number };
}

interface Setup {
  /** Where the subscribers connect. */
  readonly port: number;
  readonly servicePort: number;
  readonly service: Running;
  readonly subscribers: number;
  readonly xml: string;
  readonly seconds: number;
  readonly intervalMs: number;
  /** Resolves once the subscribers are all subscribed where the events come from. */
  readonly subscribed?: (count: number) => Promise<void>;
  readonly nginxDir?: string;
  /** A reader in Chromium among the subscribers (its page through `port`). */
  readonly browser: Browser;
}

/** The unit's result's version as the service has it now (the feed counts up from it). */
function printScreen(ms: readonly number[]): void {
  const p99 = percentile([...ms], 99);
  const seen = ms.filter((m) => Number.isFinite(m)).length;
  const worst = ms.reduce((most, m) => Math.max(most, m), 0);
  console.log(
    `  feed to the new text in Chromium  (a reader among them, ${ms.length} updates, ${seen} seen): p50 ${percentile([...ms], 50).toFixed(0)} ms, p99 ${Number.isFinite(p99) ? `${p99.toFixed(0)} ms` : 'not seen'}, worst ${Number.isFinite(worst) ? `${worst.toFixed(0)} ms` : 'not seen'}  (target p99 at most ${P99_BUDGET_MS} ms: ${seen === ms.length && p99 <= P99_BUDGET_MS ? 'met' : 'NOT met'})`,
  );
}

async function currentVersion(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/crs/odf/json/DT_RESULT/${LIVE_UNIT}`);
  return Number(((await res.json()) as { Version: string }).Version);
}

async function measure(setup: Setup): Promise<Measured> {
  const version = await currentVersion(setup.servicePort);
  const before = originConnections(setup.servicePort);
  const subscribers = await openSubscribers(setup.port, `/live?c=${CHANNEL}`, setup.subscribers, version);
  try {
    await setup.subscribed?.(subscribers.connected);
    const subscribed = originConnections(setup.servicePort);
    let most = subscribed;
    const cpu = {
      service: treeCpuMs(setup.service.pid ?? 0),
      nginx: setup.nginxDir ? nginxWorkersCpuMs(setup.nginxDir) : 0,
    };
    const screen = await watchScreen(setup.browser, `http://127.0.0.1:${setup.port}/${LIVE_UNIT}?lang=en_US`);
    const feed = startFeed(setup.servicePort, setup.xml, version, setup.intervalMs);
    const feedEnds = Date.now() + setup.seconds * 1000;
    while (Date.now() < feedEnds) {
      await sleep(500);
      most = Math.max(most, originConnections(setup.servicePort));
    }
    const { sentAt, refused } = await feed.stop();
    // The reader's page: a second for the last version to show.
    await sleep(1000);
    const shown = await screen.stop([...sentAt.keys()]);
    const screenMs = [...sentAt].map(([v, sent]) => (shown.has(v) ? shown.get(v)! - sent : Number.POSITIVE_INFINITY));
    const expected = sentAt.size * subscribers.connected;
    // Every event delivered, or the deadline: 10 s after the last post.
    const deadline = Date.now() + 10_000;
    while (subscribers.progress().delivered < expected && Date.now() < deadline) await sleep(100);
    const end = originConnections(setup.servicePort);
    const cpuMs = {
      service: treeCpuMs(setup.service.pid ?? 0) - cpu.service,
      ...(setup.nginxDir ? { nginx: nginxWorkersCpuMs(setup.nginxDir) - cpu.nginx } : {}),
    };
    const report = await subscribers.report();
    const latencies: number[] = [];
    let delivered = 0;
    for (const [version, times] of report.receipts) {
      const sent = sentAt.get(version);
      if (sent === undefined) continue;
      delivered += times.length;
      for (const at of times) latencies.push(at - sent);
    }
    return {
      subscribers: setup.subscribers,
      connected: subscribers.connected,
      failed: subscribers.failed,
      delivered,
      expected,
      duplicates: report.duplicates,
      backwards: report.backwards,
      dropped: report.dropped,
      latencies,
      origin: { before, subscribed, most, end },
      refused,
      cpuMs,
      screenMs,
    };
  } finally {
    subscribers.close();
  }
}

function print(name: string, m: Measured, targets: { subscribers?: number; constantOrigin: boolean }): void {
  const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const ms = (value: number) => `${Number.isFinite(value) ? value.toFixed(0) : '-'} ms`;
  const p99 = percentile(m.latencies, 99);
  const worst = m.latencies.length > 0 ? m.latencies.reduce((most, latency) => Math.max(most, latency)) : Number.NaN;
  console.log(`\n${name}:`);
  console.log(
    `  subscribers connected   ${m.connected.toLocaleString('en')} of ${m.subscribers.toLocaleString('en')}${targets.subscribers ? `  (target ${targets.subscribers.toLocaleString('en')}: ${yes(m.connected >= targets.subscribers)})` : ''}${m.failed.length > 0 ? `; refused or failed: ${summarize(m.failed)}` : ''}`,
  );
  console.log(
    `  delivered               ${m.delivered.toLocaleString('en')} of ${m.expected.toLocaleString('en')} expected  (target every update to every subscriber: ${yes(m.expected > 0 && m.delivered === m.expected)}); duplicates ${m.duplicates}, out of order ${m.backwards}, streams ended by the server ${m.dropped}`,
  );
  console.log(
    `  feed to subscriber      p50 ${ms(percentile(m.latencies, 50))}  p99 ${ms(p99)}  worst ${ms(worst)}  (target p99 <= ${P99_BUDGET_MS} ms: ${yes(p99 <= P99_BUDGET_MS)})`,
  );
  const { before, subscribed, most, end } = m.origin;
  // Not one a subscriber: the subscribers add none, and what the reader's page reads goes through
  // nginx's pool of kept upstream connections (deploy/nginx.conf: keepalive 64), whatever the readers.
  const constant = subscribed - before <= 0 && Math.max(most, end) - before <= UPSTREAM_KEEPALIVE;
  console.log(
    `  origin connections      ${before} before the subscribers, ${subscribed} with them, ${most} at most during the feed, ${end} at the end${targets.constantOrigin ? `  (target constant: none for the subscribers, at most nginx's ${UPSTREAM_KEEPALIVE} kept for the pages' reads: ${yes(constant)})` : '  (the service holds one a subscriber)'}`,
  );
  console.log(
    `  CPU during the feed     the service ${(m.cpuMs.service / 1000).toFixed(1)} s${m.cpuMs.nginx === undefined ? '' : `, nginx ${(m.cpuMs.nginx / 1000).toFixed(1)} s`}`,
  );
  printScreen(m.screenMs);
  if (m.refused.length > 0) console.log(`  the feed's refused posts: ${summarize(m.refused)}`);
}

function summarize(lines: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts]
    .slice(0, 5)
    .map(([line, n]) => `${n} ${line}`)
    .join(', ');
}

/** Resolves once the process `pid` is gone (a service stopped: the next may open its store). */
async function exited(pid: number | undefined): Promise<void> {
  while (pid !== undefined && existsSync(`/proc/${pid}`)) {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    if (state === 'Z') return;
    await sleep(100);
  }
}

async function main(): Promise<void> {
  readCommand({
    script: 'bench:live',
    summary:
      'Live subscribers through nginx with Nchan and from the service alone while the feed posts a new version every second (needs nginx and libnginx-mod-nchan; BENCH_SUBSCRIBERS, BENCH_SERVICE_SUBSCRIBERS, BENCH_SECONDS, BENCH_INTERVAL_MS).',
  } as const);
  const edgeSubscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
  const serviceSubscribers = Number(process.env.BENCH_SERVICE_SUBSCRIBERS ?? Math.ceil(edgeSubscribers / 10));
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? 1000);
  if (spawnSync('which', ['nginx'], { env: { PATH: `${process.env.PATH}:/usr/sbin` } }).status !== 0) {
    console.error('bench:live needs nginx (apt-get install -y nginx libnginx-mod-nchan)');
    process.exit(1);
  }
  if (!existsSync('/usr/lib/nginx/modules/ngx_nchan_module.so')) {
    console.error('bench:live needs Nchan (apt-get install -y libnginx-mod-nchan)');
    process.exit(1);
  }

  console.log(`bench:live on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
  console.log(`  the service: the ${PRODUCTION_START}, ${availableParallelism()} server processes`);
  await siteBuild();
  const store = await demoStoreCopy();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  chmodSync(store.dir, 0o755);
  const running: { stop(): void; pid?: number }[] = [];
  /** Stops what runs, the services to their end (the next may open the store; the store goes after). */
  const stopAll = async () => {
    const parts = running.splice(0).reverse();
    for (const part of parts) part.stop();
    for (const part of parts) await exited(part.pid);
  };
  try {
    // The unit's latest result message: what the feed sends new versions of.
    const latest = (() => {
      const db = new Database(join(store.dir, 'podium.sqlite'), { readonly: true });
      try {
        return db
          .prepare(
            "SELECT CAST(body AS TEXT) AS xml, version FROM messages WHERE type = 'DT_RESULT' AND code = ? AND outcome = 'stored' AND body IS NOT NULL ORDER BY version DESC LIMIT 1",
          )
          .get(LIVE_UNIT) as { xml: string; version: number } | undefined;
      } finally {
        db.close();
      }
    })();
    if (!latest) throw new Error(`the demo store has no result message of ${LIVE_UNIT}`);
    console.log(
      `  the unit: ${LIVE_UNIT} (channel ${CHANNEL}), a new version every ${intervalMs} ms for ${seconds} s; load average ${loadAverage()}`,
    );

    // 1. Through deploy/nginx.conf: the origin publishes each change to Nchan, nginx holds the readers.
    const livePort = await freePort();
    const livePublishUrl = `http://127.0.0.1:${livePort}/_live/pub/`;
    const nginxDir = join(store.dir, 'nginx');
    // The documented edge: what nginx's readers get is published as files, replaced on each change
    // (PODIUM_PUBLISH_DIR); without them nginx's cache serves a document up to 35 s old
    // (max-age 5 s, stale while revalidating 30 s) to a page an event told of a newer one.
    const origin = await startService(store.dir, {
      PODIUM_ADMIN_TOKEN: TOKEN,
      PODIUM_LIVE_PUBLISH_URL: livePublishUrl,
      PODIUM_PUBLISH_DIR: join(nginxDir, 'published'),
    });
    running.push(origin);
    const edgePort = await freePort();
    const edge = await startEdge(nginxDir, edgePort, origin.port, livePort, edgeSubscribers);
    running.push(edge);
    const throughNginx = await measure({
      browser,
      port: edgePort,
      servicePort: origin.port,
      service: origin,
      subscribers: edgeSubscribers,
      xml: latest.xml,
      seconds,
      intervalMs,
      nginxDir,
      // Nchan counts each subscriber on the channel (an event published then reaches it).
      subscribed: async (count) => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const counted = await nchanSubscribers(livePublishUrl);
          if (counted >= count) return;
          if (Date.now() > deadline) {
            console.log(`  Nchan counts ${counted} of the ${count} subscribers after 30 s`);
            return;
          }
          await sleep(200);
        }
      },
    });
    print(
      `through deploy/nginx.conf with Nchan (${edgeSubscribers.toLocaleString('en')} subscribers held by nginx; load average ${loadAverage()})`,
      throughNginx,
      { subscribers: 10_000, constantOrigin: true },
    );
    await stopAll();

    // 2. The service alone: each server process holds its own subscribers.
    const alone = await startService(store.dir, { PODIUM_ADMIN_TOKEN: TOKEN });
    running.push(alone);
    const fromService = await measure({
      browser,
      port: alone.port,
      servicePort: alone.port,
      service: alone,
      subscribers: serviceSubscribers,
      xml: latest.xml,
      seconds,
      intervalMs,
    });
    print(
      `the service alone (${serviceSubscribers.toLocaleString('en')} subscribers; load average ${loadAverage()})`,
      fromService,
      { subscribers: 1_000, constantOrigin: false },
    );
  } finally {
    await stopAll();
    await browser.close();
    store.remove();
  }
}

if (process.env.BENCH_LIVE_ROLE === 'subscribers') subscriberGroup();
else if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
