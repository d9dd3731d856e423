/**
 * `npm run bench:ingest`: a competition day's feed over HTTP while readers read (issue 46, DESIGN
 * section 7 "ingest over HTTP with 32 readers at full load"). The service runs as `npm start` runs
 * it (the compiled build in production mode, one server process per core) on a copy of the demo
 * store. The feed replays the busiest day of the demo games: the stored messages of its units, their
 * phases, events and disciplines, each numbered to a Version above the stored one (rounds of
 * versions as long as a stage needs), posted by four venue relays (by discipline, messages sent as
 * they come, a 503 sent again after its Retry-After); a fifth relay posts the live units' results,
 * each with a mark in its first result value, and watches their pages for it. 32 readers (wrk)
 * read the day's unit pages, its schedule and the medal table the whole time. It prints, per stage
 * (rising rates, then a burst of 500 posted at once): the offered, accepted (2xx) and applied
 * (no longer `queued` in the log, which it reads every 50 ms from the store's file) rates, the lag
 * from post to applied, how long the answers took, ingest to page, the answers by status, the
 * readers' requests a second and p99, and where the processors went (the service's threads by
 * role, on a processor and waiting for one); then every posted message's row in the log and every
 * document's Version; then the budgets, met or not. BENCH_DUMP=<file> writes every message's
 * times as JSON lines. Needs `wrk` (apt-get install -y wrk). Prints its figures; not a test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { readCommand } from '../../src/server/cli/args';
import { demoDataDir } from '../support/demoService';
import { siteBuild } from '../support/siteBuild';
import {
  competitionDay,
  cpuTimes,
  documentKey,
  firstResult,
  getPage,
  markLike,
  Relay,
  serviceThreads,
  SettleWatch,
  threadRoles,
  withFirstResult,
  withVersion,
  type DayMessage,
  type Posting,
  type ThreadTimes,
} from './ingestTools';
import {
  copyStore,
  loadAverage,
  PRODUCTION_START,
  percentile,
  startService,
  wrk,
  type Burst,
  type Running,
} from './loadTools';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:ingest',
  summary:
    "A competition day's feed posted over HTTP at rising rates, then a burst of 500, while 32 readers read the day's pages (needs wrk; BENCH_SECONDS, BENCH_RATES, BENCH_BURST, BENCH_DAY, BENCH_DUMP).",
} as const);

/** Each stage's length (s). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATES = (process.env.BENCH_RATES ?? '10,20,50,100').split(',').map(Number);
const BURST = Number(process.env.BENCH_BURST ?? 500);
const READERS = 32;
const CORES = availableParallelism();
const RELAYS = 4;
/**
 * A relay's messages in flight at most during the paced stages: each waits for its answer (up to
 * 5 s when the queue is long), and the rate offered must not fall because the answers are slow.
 */
const RELAY_IN_FLIGHT = 160;
/** In flight during the burst, over all relays. */
const BURST_IN_FLIGHT = 32;
/** Units whose pages are watched; marked messages a second at most (a fifth of a stage's rate). */
const LIVE_UNITS = 8;
const SAMPLES_PER_SECOND = 4;
const PAGE_WAIT_MS = 15_000;
/** How long the readers read on after a stage's last answer while its messages wait to be applied. */
const SETTLE_WAIT_MS = 30_000;
const TOKEN = 'bench-ingest-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (spawnSync('which', ['wrk']).status !== 0) {
  console.error('bench:ingest needs wrk (apt-get install -y wrk)');
  process.exit(1);
}

console.log(`bench:ingest on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
console.log(`  the service: the ${PRODUCTION_START}`);
await siteBuild();

const dir = mkdtempSync(join(tmpdir(), 'podium-ingest-'));
copyStore(await demoDataDir(), dir);
const storeFile = join(dir, 'podium.sqlite');
const day = competitionDay(storeFile, process.env.BENCH_DAY);

// The live units: results whose first value is a time or a distance (a mark of the same shape shows
// as it is on the page); chosen among them once the service runs (those whose page shows the mark).
interface LiveUnit {
  readonly code: string;
  readonly key: string;
  readonly bodies: readonly string[];
  readonly value: string;
  busy: boolean;
  next: number;
}
const resultsOf = new Map<string, string[]>();
for (const m of day.messages)
  if (m.type === 'DT_RESULT' && firstResult(m.xml) !== undefined)
    resultsOf.set(m.code, [...(resultsOf.get(m.code) ?? []), m.xml]);
const candidates: LiveUnit[] = day.units
  .filter((code) => /\d[.:]\d/.test(firstResult(resultsOf.get(code)?.at(-1) ?? '') ?? ''))
  .map((code) => ({
    code,
    key: documentKey('DT_RESULT', code),
    bodies: resultsOf.get(code)!,
    value: firstResult(resultsOf.get(code)!.at(-1)!)!,
    busy: false,
    next: 0,
  }));

// A relay per venue: the disciplines shared out so that each relay sends about as many messages.
const perDiscipline = new Map<string, number>();
for (const m of day.messages) perDiscipline.set(m.discipline, (perDiscipline.get(m.discipline) ?? 0) + 1);
const relayOf = new Map<string, number>();
const relayLoad = Array.from({ length: RELAYS }, () => 0);
for (const [discipline, n] of [...perDiscipline].sort((a, b) => b[1] - a[1])) {
  const relay = relayLoad.indexOf(Math.min(...relayLoad));
  relayOf.set(discipline, relay);
  relayLoad[relay]! += n;
}
const kinds = new Map<string, number>();
for (const m of day.messages) kinds.set(m.type, (kinds.get(m.type) ?? 0) + 1);
const bytes = day.messages.reduce((n, m) => n + Buffer.byteLength(m.xml), 0);
console.log(
  `  the day replayed: ${day.day}, ${day.units.length} units, ${day.messages.length} messages (${(bytes / 1024 / 1024).toFixed(1)} MB: ${[...kinds].map(([type, n]) => `${type} ${n}`).join(', ')}), from ${relayOf.size} disciplines over ${RELAYS} relays`,
);

/** The next Version of a document: above the stored one, and above every one posted before. */
const bump = (key: string) => {
  const version = (day.versions.get(key) ?? 0) + 1;
  day.versions.set(key, version);
  return version;
};
const posted = new Map<string, { type: string; code: string; highest: number }>();
const postings: Posting[] = [];
function posting(type: string, code: string, version: number, stage: string, live = false): Posting {
  const key = documentKey(type, code);
  const entry = posted.get(key) ?? { type, code, highest: 0 };
  entry.highest = Math.max(entry.highest, version);
  posted.set(key, entry);
  const p: Posting = { key, version, stage, ...(live ? { live } : {}), sentAt: Number.NaN, statuses: [] };
  postings.push(p);
  return p;
}

const running: Running[] = [];
const relays: Relay[] = [];
let watch: SettleWatch | undefined;
let cleaned = false;
/** Stops what the bench started and removes its files (also when it is interrupted). */
function cleanUp(): void {
  if (cleaned) return;
  cleaned = true;
  for (const relay of relays) relay.close();
  watch?.close();
  for (const part of running.reverse()) part.stop();
  rmSync(dir, { recursive: true, force: true });
  // wrk's scripts, written by loadTools.wrk for each run under this process's id.
  const cache = join(ROOT, 'node_modules', '.cache');
  for (const file of readdirSync(cache)) if (file.startsWith(`wrk-${process.pid}-`)) rmSync(join(cache, file));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
try {
  const service = await startService(dir, { PODIUM_ADMIN_TOKEN: TOKEN });
  running.push(service);
  const port = service.port;
  watch = new SettleWatch(storeFile);
  watch.start();
  const settle = watch;
  for (let i = 0; i < RELAYS; i += 1) relays.push(new Relay(port, TOKEN, RELAY_IN_FLIGHT));
  const liveRelay = new Relay(port, TOKEN, 16);
  relays.push(liveRelay);
  const pageAgent = new Agent({ keepAlive: true, maxSockets: 16 });

  /** Posts one of the day's messages (the replay's next) through its discipline's relay. */
  const send = (relay: Relay, p: Posting, body: Buffer) => relay.send(p, body).then(() => settle.watch(p));

  // The replay: the day's messages in order, round after round, each above the last Version posted;
  // the live units' results are the fifth relay's.
  const liveCodes = new Set<string>();
  let cursor = 0;
  const nextMessage = (): DayMessage => {
    for (;;) {
      const m = day.messages[cursor++ % day.messages.length]!;
      if (!(m.type === 'DT_RESULT' && liveCodes.has(m.code))) return m;
    }
  };
  const replayOne = (stage: string, relay?: Relay) => {
    const m = nextMessage();
    const version = bump(documentKey(m.type, m.code));
    const p = posting(m.type, m.code, version, stage);
    return send(relay ?? relays[relayOf.get(m.discipline)!]!, p, Buffer.from(withVersion(m.xml, version)));
  };

  /**
   * A live unit's next result, its first value set to a mark its page does not show yet, posted; the
   * time (ms) from its sending to its unit page showing the mark (Infinity: not within 15 s).
   */
  let marks = 1 + Math.floor(Math.random() * 1000);
  const sampleOne = async (unit: LiveUnit, stage: string): Promise<number> => {
    unit.busy = true;
    try {
      const before = await getPage(port, `/${unit.code}`, pageAgent);
      let mark = markLike(unit.value, marks++);
      while (before.text.includes(mark)) mark = markLike(unit.value, marks++);
      const version = bump(unit.key);
      const p = posting('DT_RESULT', unit.code, version, stage, true);
      const xml = withVersion(withFirstResult(unit.bodies[unit.next++ % unit.bodies.length]!, mark), version);
      const sent = send(liveRelay, p, Buffer.from(xml));
      const begun = performance.now();
      for (;;) {
        const page = await getPage(port, `/${unit.code}`, pageAgent);
        if (page.text.includes(mark)) {
          // Shown now: the answer may come later (it waits for the derived documents too).
          const shown = performance.now();
          p.shownAt = shown;
          await sent;
          return shown - (Number.isNaN(p.sentAt) ? begun : p.sentAt);
        }
        if (performance.now() - begun > PAGE_WAIT_MS || p.failed) return Number.POSITIVE_INFINITY;
        await sleep(25);
      }
    } finally {
      unit.busy = false;
    }
  };

  const pages = [...day.units.map((code) => `/${code}`), `/schedule/daily?date=${day.day}`, '/medal/ranking'];
  console.log(
    `  readers: wrk -t2 -c${READERS} over the day's ${day.units.length} unit pages, /schedule/daily?date=${day.day} and /medal/ranking, in turn`,
  );
  console.log(
    `  stages: ${RATES.map((r) => `${r}/s`).join(', ')} for ${SECONDS} s each (at most ${RELAY_IN_FLIGHT} in flight a relay), then ${BURST} at once (${BURST_IN_FLIGHT} in flight); load average ${loadAverage()}\n`,
  );

  // Every process renders each page once before anything is measured.
  const warm = await wrk(port, pages, 10, { connections: READERS });
  console.log(`  warm-up (10 s, not counted): readers ${warm.perSecond.toFixed(0)} req/s, errors ${warm.errors}`);
  const quiet = await wrk(port, pages, SECONDS, { connections: READERS });
  console.log(
    `  readers alone (${SECONDS} s, no feed): ${quiet.perSecond.toFixed(0)} req/s, p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms, errors ${quiet.errors}; load average ${loadAverage()}`,
  );

  // The live units: those whose page shows a marked result (no readers yet, one after another).
  const live: LiveUnit[] = [];
  const alone: number[] = [];
  for (const unit of candidates) {
    if (live.length >= LIVE_UNITS) break;
    const page = await getPage(port, `/${unit.code}`, pageAgent);
    if (page.status !== 200 || !page.text.includes(unit.value)) continue;
    const ms = await sampleOne(unit, 'calibration');
    if (Number.isFinite(ms)) {
      live.push(unit);
      liveCodes.add(unit.code);
      alone.push(ms);
    }
  }
  console.log(
    `  live units (their results marked, their pages watched): ${live.length} of ${candidates.length} with a time or distance as first value (${live.map((u) => u.code.replace(/-+$/, '')).join(', ')}); ingest to page with no readers and no feed: ${alone.map((ms) => formatMs(ms)).join(', ')}\n`,
  );

  const stages: Stage[] = [];

  /** Whether every message of the stage is answered and settled (or given up). */
  const settledAll = (stage: string) => {
    settle.look();
    return postings.every((p) => p.stage !== stage || p.appliedAt !== undefined || p.failed !== undefined);
  };
  /**
   * A stage: its feed, and the readers the whole time until its messages are settled (wrk for the
   * stage's seconds, then 2 s at a time), at most SETTLE_WAIT_MS after its last answer. Its figures
   * are taken then; what is still queued is left to settle without readers before the next stage.
   */
  const measure = async (
    name: string,
    rate: number | undefined,
    feed: () => Promise<{ pageMs: number[]; skipped: number }>,
  ) => {
    const cpu0 = cpuTimes(readFileSync('/proc/stat', 'utf8'));
    const threads0 = serviceThreads(service.pid!);
    const begun = performance.now();
    let fed: { pageMs: number[]; skipped: number } | undefined;
    let fedAt = Number.POSITIVE_INFINITY;
    const feeding = feed().then((result) => {
      fedAt = performance.now();
      return (fed = result);
    });
    for (const relay of relays) relay.peak();
    const runs: { burst: Burst; seconds: number }[] = [];
    do {
      const seconds = runs.length === 0 ? SECONDS : 2;
      runs.push({ burst: await wrk(port, pages, seconds, { connections: READERS }), seconds });
    } while (!(fed && settledAll(name)) && performance.now() - fedAt < SETTLE_WAIT_MS);
    const cut = performance.now();
    const cpu1 = cpuTimes(readFileSync('/proc/stat', 'utf8'));
    const threads1 = serviceThreads(service.pid!);
    const stage: Stage = {
      name,
      ...(rate === undefined ? {} : { rate }),
      readers: combined(runs),
      readerSeconds: runs.reduce((n, r) => n + r.seconds, 0),
      ...(await feeding),
      figures: figures(name, cut),
      busy: (cpu1.busy - cpu0.busy) / Math.max(1, cpu1.total - cpu0.total),
      threads: threadRoles(threads0, threads1, cut - begun),
      load: loadAverage(),
      seconds: (cut - begun) / 1000,
      inFlight: relays.reduce((n, relay) => n + relay.peak(), 0),
    };
    stages.push(stage);
    report(stage);
    if (!settledAll(name)) {
      const left = postings.filter((p) => p.stage === name && p.appliedAt === undefined && !p.failed).length;
      const waiting = performance.now();
      while (!settledAll(name) && performance.now() - waiting < 900_000) await sleep(100);
      console.log(
        `    ${left} still queued when the readers stopped: settled without readers in ${((performance.now() - waiting) / 1000).toFixed(1)} s`,
      );
    }
    await sleep(1000);
  };

  // Paced stages: the replay at its rate less the live units' share, the marked results beside it.
  for (const rate of RATES) {
    const name = `${rate}/s`;
    await measure(name, rate, async () => {
      const sampleRate = live.length === 0 ? 0 : Math.min(SAMPLES_PER_SECOND, rate / 5);
      const replayRate = rate - sampleRate;
      const sends: Promise<unknown>[] = [];
      const samples: Promise<number>[] = [];
      let skipped = 0;
      const begun = performance.now();
      const replay = (async () => {
        for (let i = 0; i < Math.round(replayRate * SECONDS); i += 1) {
          const wait = begun + (i * 1000) / replayRate - performance.now();
          if (wait > 1) await sleep(wait);
          sends.push(replayOne(name));
        }
      })();
      const sampling = (async () => {
        for (let i = 0; sampleRate > 0 && i < Math.round(sampleRate * SECONDS); i += 1) {
          const wait = begun + (i * 1000) / sampleRate - performance.now();
          if (wait > 1) await sleep(wait);
          const unit = live.find((u) => !u.busy);
          if (unit) samples.push(sampleOne(unit, name));
          else {
            // Every live unit still waits for its last: the day's next message instead, so the rate holds.
            skipped += 1;
            sends.push(replayOne(name));
          }
        }
      })();
      await Promise.all([replay, sampling]);
      await Promise.all(sends);
      return { pageMs: await Promise.all(samples), skipped };
    });
  }

  // The burst: BURST of the day's messages at once, BURST_IN_FLIGHT lanes over the relays, a second
  // into the readers' run.
  await measure(`burst of ${BURST}`, undefined, async () => {
    await sleep(1000);
    let left = BURST;
    await Promise.all(
      Array.from({ length: BURST_IN_FLIGHT }, async (_, lane) => {
        while (left > 0) {
          left -= 1;
          await replayOne(`burst of ${BURST}`, relays[lane % RELAYS]);
        }
      }),
    );
    return { pageMs: [], skipped: 0 };
  });

  // Every message answered 2xx is in the log and settled; every document at its highest Version.
  await sleep(500);
  const taken = postings.filter((p) => p.logId !== undefined && p.answeredAt !== undefined);
  const rows = settle.rows(taken.map((p) => p.logId!));
  const missing = taken.filter((p) => !rows.has(p.logId!)).length;
  const queued = taken.filter((p) => rows.get(p.logId!)?.outcome === 'queued').length;
  const outcomes = new Map<string, number>();
  const whys = new Map<string, number>();
  for (const p of taken) {
    const row = rows.get(p.logId!);
    outcomes.set(row?.outcome ?? 'missing', (outcomes.get(row?.outcome ?? 'missing') ?? 0) + 1);
    if (row?.why) whys.set(row.why, (whys.get(row.why) ?? 0) + 1);
  }
  const notTaken = postings.filter((p) => p.answeredAt === undefined);
  const behind = [...posted.values()].filter((d) => settle.storedVersion(d.type, d.code) !== d.highest);
  console.log(
    `\nthe log after the drain: ${postings.length} messages posted, ${taken.length} answered 2xx: ${missing} not in the log, ${queued} still queued; ${[...outcomes].map(([o, n]) => `${n} ${o}`).join(', ')}; ${notTaken.length} never taken${notTaken.length > 0 ? ` (${[...new Set(notTaken.map((p) => p.failed))].join(', ')})` : ''}`,
  );
  for (const [why, n] of [...whys].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${n} ${why}`);
  console.log(
    `  documents at their highest posted Version: ${posted.size - behind.length} of ${posted.size}${
      behind.length > 0
        ? `; NOT: ${behind
            .slice(0, 5)
            .map((d) => `${d.type} ${d.code} (posted ${d.highest}, stored ${settle.storedVersion(d.type, d.code)})`)
            .join('; ')}`
        : ''
    }`,
  );
  const sound = missing === 0 && queued === 0 && notTaken.length === 0 && behind.length === 0;
  if (process.env.BENCH_DUMP) {
    // Every message's journey (ms from the first stage's start), one JSON line each, to look into.
    const zero = Math.min(...postings.map((p) => p.sentAt).filter((t) => !Number.isNaN(t)));
    const at = (t: number | undefined) => (t === undefined ? null : Math.round(t - zero));
    writeFileSync(
      process.env.BENCH_DUMP,
      postings
        .map((p) =>
          JSON.stringify({
            ...p,
            sentAt: at(p.sentAt),
            answeredAt: at(p.answeredAt),
            appliedAt: at(p.appliedAt),
            shownAt: at(p.shownAt),
          }),
        )
        .join('\n'),
    );
  }

  // The budgets (DESIGN section 7).
  console.log(`\nbudgets (DESIGN section 7), load average ${loadAverage()}:`);
  const paced = stages.filter((s) => s.rate !== undefined);
  const sustained = paced.filter(
    ({ rate, figures: f }) => f.errors === 0 && f.offered >= 0.95 * rate! && f.applied >= 0.95 * rate!,
  );
  const highest = Math.max(0, ...sustained.map((stage) => stage.rate!));
  console.log(
    `  at least 50 messages a second sustained with ${READERS} readers at full load: the highest rate sustained ${highest}/s (applied at least 95 % of it, no error); the most applied ${Math.max(0, ...paced.map(({ figures: f }) => f.applied)).toFixed(1)}/s${sound ? '' : ', and messages lost or documents behind (above)'}: ${highest >= 50 && sound ? 'met' : 'NOT met'}`,
  );
  const burst = stages.find((s) => s.rate === undefined);
  if (burst) {
    const f = burst.figures;
    const mine = postings.filter((p) => p.stage === burst.name);
    const lost = mine.filter(
      (p) => p.answeredAt === undefined || !rows.has(p.logId ?? -1) || rows.get(p.logId!)?.outcome === 'queued',
    ).length;
    console.log(
      `  a burst of ${BURST} taken without loss or error: ${mine.length - lost} taken, ${lost} lost, ${f.errors} errors, ${f.notTaken} answered 503 and sent again: ${lost === 0 && f.errors === 0 && mine.length === BURST ? 'met' : 'NOT met'}`,
    );
  }
  const at20 = stages.find((s) => s.rate === 20);
  if (at20 && at20.pageMs.length > 0) {
    const p99 = percentile(at20.pageMs, 99);
    console.log(
      `  ingest to page p99 at most 1 s at 20 messages a second: ${formatMs(p99)} (${at20.pageMs.length} marked results): ${p99 <= 1000 ? 'met' : 'NOT met'}`,
    );
  } else
    console.log(
      '  ingest to page p99 at most 1 s at 20 messages a second: not measured (no 20/s stage or no live unit)',
    );
  const fivexx = postings.reduce((n, p) => n + p.statuses.filter((s) => s >= 500 && s !== 503).length, 0);
  console.log(`  never a 500: ${fivexx === 0 ? 'met' : `NOT met (${fivexx} answers 5xx other than 503)`}`);
  pageAgent.destroy();
} finally {
  cleanUp();
}

/** A stage's figures from its postings, as they were at `cut` (a message settled later counts as not settled). */
function figures(name: string, cut: number) {
  const mine = postings.filter((p) => p.stage === name);
  const sent = mine.map((p) => p.sentAt).filter((t) => !Number.isNaN(t));
  const first = Math.min(...sent);
  // Offered: the replay's messages over the time they took to send (a marked result is sent once
  // its page was looked at: late, when the service is slow to answer).
  const replayed = mine.filter((p) => !p.live && !Number.isNaN(p.sentAt)).map((p) => p.sentAt);
  const span = (times: number[]) => Math.max(1, Math.max(...times) - first) / 1000;
  const answered = mine.filter((p) => p.answeredAt !== undefined && p.answeredAt <= cut).map((p) => p.answeredAt!);
  const applied = mine.filter((p) => p.appliedAt !== undefined && p.appliedAt <= cut).map((p) => p.appliedAt!);
  const settledAll = applied.length === mine.filter((p) => !p.failed).length;
  // Not settled by the cut: its lag is at least the cut's, said as such.
  const lags = mine
    .filter((p) => !p.failed)
    .map((p) => (p.appliedAt !== undefined && p.appliedAt <= cut ? p.appliedAt - p.sentAt : Number.POSITIVE_INFINITY));
  const statuses = new Map<number, number>();
  let notTaken = 0;
  let errors = 0;
  for (const p of mine)
    p.statuses.forEach((status, i) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const retried = status === 503 && i < p.statuses.length - 1;
      if (retried) notTaken += 1;
      else if (status === 0 || status >= 400) errors += 1;
    });
  const replaySpan = replayed.length > 1 ? span(replayed) - (Math.min(...replayed) - first) / 1000 : 0;
  const interval = replayed.length > 1 ? replaySpan / (replayed.length - 1) : 0;
  return {
    count: mine.length,
    sending: span(sent),
    offered: mine.length / Math.max(1e-3, replaySpan + interval),
    accepted: answered.length / span(answered),
    applied: applied.length / (settledAll ? span(applied) : (cut - first) / 1000),
    unsettled: mine.length - applied.length,
    /** Longer than any settled: the time from the first sending to the cut. */
    cutAfter: cut - first,
    lag: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
    /** From sending to a 2xx answer (what a relay waits): the answer waits for the outcome, 5 s at most. */
    answer: (() => {
      const waits = mine.filter((p) => p.answeredAt !== undefined).map((p) => p.answeredAt! - p.sentAt);
      return { p50: percentile(waits, 50), p99: percentile(waits, 99) };
    })(),
    statuses,
    notTaken,
    errors,
    outcomes: mine.reduce(
      (m, p) => m.set(p.outcome ?? 'none', (m.get(p.outcome ?? 'none') ?? 0) + 1),
      new Map<string, number>(),
    ),
  };
}

function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return `over ${PAGE_WAIT_MS / 1000} s`;
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`;
}

interface Stage {
  readonly name: string;
  readonly rate?: number;
  readonly figures: ReturnType<typeof figures>;
  readonly readers: Burst;
  /** How long the readers read: the stage's seconds, and 2 s more at a time until its messages settled. */
  readonly readerSeconds: number;
  /** Ingest to page of each marked result (ms). */
  readonly pageMs: number[];
  /** Marked results not sent (the day's next message sent instead): every live unit was still waiting for its last. */
  readonly skipped: number;
  /** The machine's processors busy (0–1), from the stage's start until its figures were taken. */
  readonly busy: number;
  /** The service's threads by role: cores used meanwhile, and cores' worth of waiting for one. */
  readonly threads: Map<string, ThreadTimes>;
  readonly load: string;
  /** From the stage's start until its messages settled, or the wait for them ended. */
  readonly seconds: number;
  /** The most messages the relays had in flight at once (each relay's most, added). */
  readonly inFlight: number;
}

function report(stage: Stage): void {
  const f = stage.figures;
  const lag = (ms: number) => (Number.isFinite(ms) ? formatMs(ms) : 'not settled');
  console.log(
    `${stage.name.padEnd(13)} ${f.count} messages: ${stage.rate === undefined ? `all sent within ${f.sending.toFixed(1)} s` : `offered ${f.offered.toFixed(1)}/s`}, accepted ${f.accepted.toFixed(1)}/s, applied ${f.applied.toFixed(1)}/s; lag (post to settled in the log) p50 ${lag(f.lag.p50)}, p99 ${lag(f.lag.p99)}, max ${lag(f.lag.max)}${f.unsettled > 0 ? `; ${f.unsettled} not settled ${(f.cutAfter / 1000).toFixed(0)} s after the stage's first` : ''}`,
  );
  if (stage.pageMs.length > 0)
    console.log(
      `    ingest to page (${stage.pageMs.length} marked results${stage.skipped > 0 ? `; ${stage.skipped} times every live unit was still waiting, the day's next message sent instead` : ''}): p50 ${formatMs(percentile(stage.pageMs, 50))}, p99 ${formatMs(percentile(stage.pageMs, 99))}`,
    );
  console.log(
    `    answers (p50 ${formatMs(f.answer.p50)}, p99 ${formatMs(f.answer.p99)} after sending): ${[...f.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s === 0 ? 'no answer' : s} ${n}`)
      .join(
        ', ',
      )} (${[...f.outcomes].map(([o, n]) => `${o} ${n}`).join(', ')}); not taken (503, sent again) ${f.notTaken}; errors ${f.errors}`,
  );
  console.log(
    `    readers (${stage.readerSeconds} s): ${stage.readers.perSecond.toFixed(0)} req/s, p50 ${stage.readers.p50.toFixed(1)} ms, p99 ${stage.readers.p99.toFixed(1)} ms, errors ${stage.readers.errors}; the stage took ${stage.seconds.toFixed(1)} s, the relays had at most ${stage.inFlight} messages in flight; load average ${stage.load}`,
  );
  const total = [...stage.threads.values()].reduce((n, v) => n + v.cpu, 0);
  console.log(
    `    processors (100 % = a core): the machine ${(stage.busy * CORES * 100).toFixed(0)} % of ${CORES * 100} %; the service ${(total * 100).toFixed(0)} % (${[
      ...stage.threads,
    ]
      .map(([role, t]) => `${role} ${(t.cpu * 100).toFixed(0)} %, waited ${(t.waited * 100).toFixed(0)} %`)
      .join('; ')}; waited: runnable, waiting for a processor)`,
  );
}

/** wrk's runs one after another as one: requests a second over their time, the worst p99, every error. */
function combined(runs: readonly { burst: Burst; seconds: number }[]): Burst {
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const requests = runs.reduce((n, r) => n + r.burst.requests, 0);
  return {
    requests,
    perSecond: runs.reduce((n, r) => n + r.burst.perSecond * r.seconds, 0) / seconds,
    p50: runs.reduce((n, r) => n + r.burst.p50 * r.burst.requests, 0) / Math.max(1, requests),
    p99: Math.max(...runs.map((r) => r.burst.p99)),
    errors: runs.reduce((n, r) => n + r.burst.errors, 0),
  };
}
