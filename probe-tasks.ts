// Main-thread tasks around FCP (cold, 412 px, CPU 4x throttled): each task's CPU and its largest children.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './tests/support/e2e';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const v of process.argv.slice(2)) for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 4) });
  await b.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'v8'] });
  await p.goto(`${process.env.BASE}/${v}`, { waitUntil: 'load' });
  await p.waitForTimeout(1500);
  const ev = JSON.parse((await b.stopTracing()).toString()).traceEvents as any[];
  await ctx.close();
  const fcp = ev.find((e) => e.name === 'firstContentfulPaint');
  const main = ev.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur > 8000);
  const nav = ev.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid)?.ts ?? tasks[0].ts;
  console.log(`${v} run ${i} FCP ${((fcp.ts - nav) / 1000).toFixed(0)}`);
  for (const t of tasks) {
    const kids = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 2000 && e.name !== 'RunTask' && !e.name.startsWith('ThreadController'));
    const top = kids.sort((a, b) => b.dur - a.dur).slice(0, 6).map((e) => `${e.name}:${(e.dur / 1000).toFixed(0)}`).join(' ');
    console.log(`  @${((t.ts - nav) / 1000).toFixed(0).padStart(5)} ${(t.dur / 1000).toFixed(0).padStart(4)} ms ${t.ts < fcp.ts ? 'pre ' : 'post'} ${top}`);
  }
}
await b.close();
