// Self CPU time by event name on the main thread before FCP (cold, 412 px), median over runs.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './tests/support/e2e';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const vs = process.argv.slice(2); const runs = Number(process.env.RUNS ?? 5);
const acc: Record<string, Record<string, number[]>> = {};
for (let i = 0; i < runs; i++) for (const v of vs) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const p = await ctx.newPage();
  await b.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'v8'] });
  await p.goto(`${process.env.BASE}/${v}`, { waitUntil: 'load' });
  await p.waitForTimeout(300);
  const ev = JSON.parse((await b.stopTracing()).toString()).traceEvents as any[];
  await ctx.close();
  const fcp = ev.find((e) => e.name === 'firstContentfulPaint');
  const main = ev.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.ts <= fcp.ts && e.tdur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self: Record<string, number> = {};
  const stack: any[] = [];
  for (const e of main) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self[parent.name] = (self[parent.name] ?? 0) - e.tdur;
    self[e.name] = (self[e.name] ?? 0) + e.tdur;
    stack.push(e);
  }
  const row = (acc[v] ??= {});
  for (const [k, x] of Object.entries(self)) (row[k] ??= []).push(x / 1000);
}
const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]!; };
for (const v of vs) console.log(v.padEnd(10), Object.entries(acc[v] ?? {}).map(([k, a]) => [k, med(a)] as const).filter(([, x]) => x >= 0.8).sort((a, b) => b[1] - a[1]).map(([k, x]) => `${k} ${x.toFixed(1)}`).join(' | '));
await b.close();
