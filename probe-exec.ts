// The boot script's execution (HTMLParserScriptRunner::execute) and FinishedParsing, CPU 4x, median over runs.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './tests/support/e2e';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const acc: Record<string, Record<string, number[]>> = {};
const vs = process.argv.slice(2);
for (let i = 0; i < Number(process.env.RUNS ?? 5); i++) for (const v of vs) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await b.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'v8'] });
  await p.goto(`${process.env.BASE}/${v}`, { waitUntil: 'load' });
  await p.waitForTimeout(1500);
  const ev = JSON.parse((await b.stopTracing()).toString()).traceEvents as any[];
  await ctx.close();
  const fcp = ev.find((e) => e.name === 'firstContentfulPaint');
  const main = ev.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
  const sum = (n: string) => main.filter((e) => e.name === n).reduce((s, e) => s + e.dur, 0) / 1000;
  const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts >= fcp.ts);
  const row = (acc[v] ??= {}); const put = (k: string, x: number) => (row[k] ??= []).push(x);
  put('execute', sum('HTMLParserScriptRunner::execute')); put('finishedParsing', sum('Document::FinishedParsing'));
  put('postLongest', Math.max(0, ...tasks.map((t) => t.dur / 1000)));
  put('postTBT', tasks.reduce((s, t) => s + Math.max(0, t.dur / 1000 - 50), 0));
}
const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]!; };
for (const v of vs) console.log(v.padEnd(10), Object.entries(acc[v] ?? {}).map(([k, a]) => `${k} ${med(a).toFixed(1)}`).join('  '));
await b.close();
