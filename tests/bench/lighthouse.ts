/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling) against the local
 * service as `npm start` runs it (the compiled build in production mode) on a copy of the demo games: the schedule, the medal ranking and three unit result pages (a
 * swimming final, a basketball game, the 5,200-finisher marathon), beside a plain static HTML page
 * of the swimming final's results that this command writes itself (the floor no page can beat).
 * Prints performance, accessibility and best-practices scores with LCP, CLS and TBT, of the median
 * of LIGHTHOUSE_RUNS runs per page (default 5; one run is noisy on a small machine, as Lighthouse's
 * own guidance on variability says), taken in rounds (each page once a round, the floor among them)
 * and each run once the machine is quiet (quietMachine.ts); the range of LCP and TBT over the runs,
 * the first response's size (a page over about 14 KB needs a second round trip), and each page
 * beside issue 27's targets; then each metric's own median over the runs beside the same targets.
 * Then what each median run's blocking time is made of (lighthouseTrace.ts): its navigation commit,
 * its first frame, and its TBT simulated again from its own trace with the floor's commit.
 * LIGHTHOUSE_PAGES picks pages by name (comma-separated words).
 * Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Not a test.
 */
import { auditedPages, auditedUnits } from '../support/auditedPages';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { cellText } from '../../src/core/views';
import { projectTable } from '../../src/web/widgets/table/project';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { openService } from '../../src/server/service';
import { CHROMIUM_ARGS } from '../support/e2e';
import { startStaticMirror, type TestNginx } from '../support/nginx';
import { firstPaintTasks, withCommitOf, type FirstPaintTasks } from './lighthouseTrace';
import { loadAverage, percentile, PRODUCTION_START } from './loadTools';
import { demoStoreCopy, serveDemo } from './serveDemo';
import { quietMachine } from './quietMachine';
import { readCommand } from '../../src/server/cli/args';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:lighthouse',
  summary:
    'Lighthouse (mobile) on the schedule, the medal table and three unit pages beside a static floor (LIGHTHOUSE_RUNS, LIGHTHOUSE_PAGES, CHROME_PATH).',
} as const);

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

console.log(`bench:lighthouse on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
console.log(`  the site: the ${PRODUCTION_START}, on a copy of the demo store`);
// The demo store copied (the compiled start writes to its store at open); read here first, then
// served by the compiled start in processes of its own: Lighthouse's work in this one must not
// delay its answers.
const store = await demoStoreCopy();
const service = await openService({ dataDir: store.dir, maxMessageBytes: 64 * 1024 * 1024 });
const { swimming } = auditedUnits(service.db);
const auditedPaths = auditedPages(service.db);

// The floor: the swimming final's results as one static HTML page, no script, no web font.
const sport = (await sportLoaders.SWM()).default;
const view = projectTable(sport.layouts.tabs.result!, service.store.json('DT_RESULT', swimming), {
  sport,
  locale: 'zh_CN',
});
const staticPage = `<!doctype html><html lang="zh-Hans-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(swimming)}</title><style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}th,td{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}</style></head><body><main><h1>${escape(swimming)}</h1><table><thead><tr>${view.columns
  .map((c) => `<th>${escape(c.label)}</th>`)
  .join('')}</tr></thead><tbody>${view.rows
  .map((r) => `<tr>${r.cells.map((c) => `<td>${escape(cellText(c))}</td>`).join('')}</tr>`)
  .join('')}</tbody></table></main></body></html>`;
service.close();
const served = await serveDemo(store.dir);
const port = served.port;
const base = `http://127.0.0.1:${port}`;

const floor = createServer((_, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(staticPage);
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));

const pages: [string, string][] = [
  ...auditedPaths.map(([name, path]): [string, string] => [name, `${base}${path}`]),
  ['static floor (swimming final)', `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`],
];

// The same pages from the exported mirror, when one is named: nginx serving files, the origin's bytes.
const mirrorFolder = process.env.LIGHTHOUSE_MIRROR;
let mirror: TestNginx | undefined;
if (mirrorFolder) {
  mirror = await startStaticMirror(mirrorFolder);
  for (const [name, url] of pages.slice(0, -1)) {
    pages.push([`${name}, mirror`, url.replace(base, `http://127.0.0.1:${mirror.port}`)]);
  }
}

// LIGHTHOUSE_PAGES=marathon,schedule audits only the pages whose names hold one of the words.
const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
const audited = pages.filter(([name]) => only.length === 0 || only.some((word) => name.includes(word)));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_ARGS,
});
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const pct = (score: number | null | undefined) =>
  score === null || score === undefined ? '  -' : String(Math.round(score * 100)).padStart(3);

/** The page's first response as it crosses the network: gzipped body and headers, in KB. */
function firstResponseKb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 20;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes / 1024));
    });
    request.on('error', reject);
  });
}

interface PageFigures {
  name: string;
  url: string;
  line: string;
  lcp: number;
  tbt: number;
  /** The median of each metric over the runs (the median run is chosen by first paint and interactive). */
  lcpMedian: number;
  tbtMedian: number;
  performance: number;
  /** The median run's saved artifacts and its commit and first frame. */
  artifacts: string;
  tasks: FirstPaintTasks | undefined;
  /** The commit's wall time in every run. */
  commits: number[];
  /** In how many runs the first layout ran in a task apart from the first paint. */
  apart: number;
}
const figures: PageFigures[] = [];
const lcpOf = (run: Report) => (run.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
const tbtOf = (run: Report) => run.audits['total-blocking-time']?.numericValue ?? 0;
const isFloor = (page: PageFigures) => page.name.startsWith('static floor');
const range = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
// Each run's artifacts are kept (Lighthouse's gather mode) so that the median run can be audited again.
const work = mkdtempSync(join(tmpdir(), 'podium-lighthouse-'));
const FLAGS = {
  output: 'json' as const,
  logLevel: 'error' as const,
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
};
try {
  // A running site is warm: the first render of a page type loads its modules once.
  for (const [, url] of audited) await fetch(url).then((r) => r.arrayBuffer());
  // Round by round, each page once a round: a busy spell of the machine falls on one run of every
  // page, beside the floor's run of the same round, not on all the runs of one page.
  const collected = audited.map(() => ({
    runs: [] as Report[],
    saved: new Map<Report, { artifacts: string; tasks: FirstPaintTasks | undefined }>(),
    attempts: 0,
  }));
  for (let round = 0; round < RUNS; round += 1) {
    const busy: number[] = [];
    for (const [index, [name, url]] of audited.entries()) {
      const page = collected[index]!;
      while (page.runs.length <= round && page.attempts < RUNS * 2) {
        const share = await quietMachine();
        if (share !== undefined) busy.push(share);
        const artifacts = join(work, `${index}-${page.attempts}`);
        page.attempts += 1;
        const result = await lighthouse(url, {
          ...FLAGS,
          port: chrome.port,
          gatherMode: artifacts,
          auditMode: artifacts,
        });
        if (!result) throw new Error(`no Lighthouse result for ${url}`);
        // A run whose trace failed (NO_NAVSTART and the like) is run again, not counted.
        if (result.lhr.runtimeError) console.log(`  ${name}: ${result.lhr.runtimeError.code}, run again`);
        else {
          page.runs.push(result.lhr);
          page.saved.set(result.lhr, { artifacts, tasks: firstPaintTasks(result.artifacts.Trace.traceEvents) });
        }
      }
    }
    const last = collected.map((page, index) => {
      const run = page.runs[round];
      return run ? `${audited[index]![0].split(' ')[0]} ${lcpOf(run).toFixed(2)} s/${tbtOf(run).toFixed(0)} ms` : '-';
    });
    const percents = busy.map((share) => share * 100);
    const quiet = percents.length ? `, machine busy before runs ${range(percents, 0)}%` : '';
    console.log(`round ${round + 1} of ${RUNS}${quiet}: ${last.join(', ')}`);
  }
  for (const [index, [name, url]] of audited.entries()) {
    const { runs, saved } = collected[index]!;
    if (runs.length === 0) throw new Error(`no valid Lighthouse run of ${url}`);
    const median = computeMedianRun(runs) as Report;
    const { categories, audits } = median;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? 0;
    const kb = await firstResponseKb(url);
    figures.push({
      name,
      url,
      artifacts: saved.get(median)!.artifacts,
      tasks: saved.get(median)!.tasks,
      commits: runs.flatMap((run) => saved.get(run)?.tasks?.commit.wall ?? []),
      apart: runs.filter((run) => saved.get(run)?.tasks?.split).length,
      lcp: lcpOf(median),
      tbt: tbtOf(median),
      lcpMedian: percentile(runs.map(lcpOf), 50),
      tbtMedian: percentile(runs.map(tbtOf), 50),
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      line: `${pct(categories.performance?.score)}   ${pct(categories.accessibility?.score)}   ${pct(categories['best-practices']?.score)}   ${lcpOf(median).toFixed(2).padStart(6)} ${range(runs.map(lcpOf), 2).padStart(10)}   ${cls.toFixed(3)}   ${tbtOf(median).toFixed(0).padStart(6)} ${range(runs.map(tbtOf), 0).padStart(9)}   ${kb.toFixed(1).padStart(6)}`,
    });
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const audit of Object.values(audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
          console.log(`    ${name}: ${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`);
      }
    }
  }
  // Each page beside issue 27's targets: performance 100, LCP within 0.1 s of the floor, TBT under 50 ms.
  const floorLcp = figures.find(isFloor)?.lcp;
  console.log(
    `median run of ${RUNS} per page (ranges over all runs); first response = gzipped HTML and headers\n` +
      `page                            perf  a11y  best   LCP (s)      range   CLS     TBT (ms)     range   1st KB   targets`,
  );
  for (const page of figures) {
    const misses = [
      ...(page.performance < 100 ? ['perf < 100'] : []),
      ...(floorLcp !== undefined && page.lcp > floorLcp + 0.1 ? [`LCP > floor + 0.1 s`] : []),
      ...(page.tbt >= 50 ? ['TBT >= 50 ms'] : []),
    ];
    const verdict = isFloor(page) ? '(the floor)' : misses.length ? misses.join(', ') : 'met';
    console.log(`${page.name.padEnd(31)} ${page.line}   ${verdict}`);
  }
  // Lighthouse's median run is the one nearest the median first paint and time to interactive: one
  // run's LCP and TBT, an outlier's now and then (the floor's included). Each metric's own median too.
  const floorLcpMedian = figures.find(isFloor)?.lcpMedian;
  console.log(
    `\nthe median of each metric over the ${RUNS} runs\npage                            LCP (s)   TBT (ms)   targets`,
  );
  for (const page of figures) {
    const misses = [
      ...(floorLcpMedian !== undefined && page.lcpMedian > floorLcpMedian + 0.1 ? [`LCP > floor + 0.1 s`] : []),
      ...(page.tbtMedian >= 50 ? ['TBT >= 50 ms'] : []),
    ];
    const verdict = isFloor(page) ? '(the floor)' : misses.length ? misses.join(', ') : 'met';
    console.log(
      `${page.name.padEnd(31)} ${page.lcpMedian.toFixed(2).padStart(7)}   ${page.tbtMedian.toFixed(0).padStart(8)}   ${verdict}`,
    );
  }
  // A static page with no script has nothing of its own to block with: its blocking time is the machine's.
  const floorTbt = figures.find(isFloor)?.tbt;
  if (floorTbt !== undefined && floorTbt >= 50)
    console.log(
      `the floor itself has ${floorTbt.toFixed(0)} ms of TBT in this run: the machine, not the pages, sets it`,
    );
  await tbtBesideTheFloorsCommit(figures);
} finally {
  rmSync(work, { recursive: true, force: true });
  await chrome.kill();
  floor.close();
  await mirror?.stop();
  served.stop();
  store.remove();
}

/**
 * Each median run's navigation commit and first frame (lighthouseTrace.ts), and its total blocking
 * time simulated again by Lighthouse from the same trace with the commit as long as the floor's
 * (the median over the floor's runs): the page's share of the figure, beside the harness's.
 */
async function tbtBesideTheFloorsCommit(pages: PageFigures[]) {
  const floor = pages.find(isFloor);
  const sorted = [...(floor?.commits ?? [])].sort((a, b) => a - b);
  const floorCommit = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `\nthe median run's navigation commit (wall, CPU) and first frame (style, layout and paint: one task, or layout then paint)` +
      (floorCommit === undefined ? '' : `; TBT again with the floor's median commit, ${floorCommit.toFixed(0)} ms`) +
      `\npage                            commit (ms)   CPU   commits over runs   first frame (ms)   apart in   TBT (ms)   with the floor's commit`,
  );
  for (const page of pages) {
    const tasks = page.tasks;
    if (!tasks) {
      console.log(`${page.name.padEnd(31)} (no commit or first frame in the trace)`);
      continue;
    }
    let again = '';
    if (floorCommit !== undefined && page !== floor) {
      const copy = `${page.artifacts}-replay`;
      withCommitOf(page.artifacts, copy, floorCommit);
      const result = await lighthouse(page.url, { ...FLAGS, auditMode: copy });
      again = (result?.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN).toFixed(0);
    }
    console.log(
      `${page.name.padEnd(31)} ${tasks.commit.wall.toFixed(0).padStart(11)} ${tasks.commit.cpu.toFixed(0).padStart(5)}   ${range(page.commits, 0).padStart(17)}   ${`${tasks.frame.wall.toFixed(0)}${tasks.split ? ' (apart)' : ''}`.padStart(16)}   ${`${page.apart} of ${page.commits.length}`.padStart(8)}   ${page.tbt.toFixed(0).padStart(8)}   ${again.padStart(23)}`,
    );
  }
}
