/**
 * `npm run bench:web`: the site's figures against DESIGN section 7. Prints
 *  1. gzip sizes of the production build (npm run build's dist/client, built first when stale): the
 *     entry JavaScript, all JavaScript a unit result page loads, and each sport plugin chunk;
 *  2. the first render of a 5,000-row result table (React's server renderer, the render that puts
 *     the table in the first HTML; virtualised, so the time does not grow with the field), with
 *     React's production build as the compiled service runs it (NODE_ENV=production);
 *  3. matching every legend mark of a sport over 10,000 rows.
 * Not a test: timings are printed, never asserted. No JSX here: the JSX runtime would be imported
 * (and React loaded in development mode) before this module could set NODE_ENV.
 */
import { createRequire } from 'node:module';
import { bundleSizes } from '../support/bundleSizes';
import { BUNDLE_BUDGETS } from '../support/budgets';
import { siteBuild } from '../support/siteBuild';
import { readCommand } from '../../src/server/cli/args';
import { loadAverage } from './loadTools';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:web',
  summary:
    "Builds the site when stale (npm run build), then prints bundle sizes, a 5,000-row table's first render (production mode) and legend matching over 10,000 rows.",
} as const);

// Production mode, as the compiled service renders: set before React and the site's modules load.
process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { MemoryRouter } = await import('react-router');
const { IntlProvider } = await import('../../src/web/i18n/intl');
const { compileLegend } = await import('../../src/core/legend/match');
const { projectTable } = await import('../../src/web/widgets/table/project');
const { sportLoaders } = await import('../../src/generated/sportRegistry');
const { default: englishCatalogue } = await import('../../src/generated/messages/en_US');
const { ResultTable } = await import('../../src/web/widgets/table/ResultTable');

/**
 * Which build of React (and its renderer) this process runs: their CommonJS files are named by it.
 * Only the files executed count: Node's ESM loader lists both branches of React's index.js in the
 * cache when it reads their export names, unloaded.
 */
const loaded = Object.values(createRequire(import.meta.url).cache).filter((module) => module?.loaded);
const reactBuild = loaded.some((module) => /\/react(-dom)?\/cjs\/[^/]*\.development\.js$/.test(module!.filename))
  ? 'development (NOT what the service runs)'
  : 'production';
console.log(`bench:web on ${new Date().toISOString().slice(0, 10)}, load average ${loadAverage()}`);
console.log(
  `  bundles: npm run build's dist/client; first render: React's ${reactBuild} build, NODE_ENV=${process.env.NODE_ENV}`,
);

const KB = 1024;
const BUDGET = {
  entry: BUNDLE_BUDGETS.entry,
  unitPage: BUNDLE_BUDGETS.unitPage,
  plugin: BUNDLE_BUDGETS.pluginChunk,
  firstRenderMs: 50,
};
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const sizes = bundleSizes(await siteBuild());
console.log('JavaScript (gzip)');
console.log(
  `  entry                     ${kb(sizes.entry).padStart(9)}  budget ${kb(BUDGET.entry)}  ${verdict(sizes.entry <= BUDGET.entry)}`,
);
console.log(
  `  messages of one language  ${kb(sizes.catalogue).padStart(9)}  (loaded before hydration; counted in the unit page)`,
);
console.log(
  `  unit result page (SWM)    ${kb(sizes.unitPage).padStart(9)}  budget ${kb(BUDGET.unitPage)}  ${verdict(sizes.unitPage <= BUDGET.unitPage)}`,
);
console.log(
  `  sport plugin chunks       budget ${kb(BUDGET.plugin)} each (with the shared legend sets they import in brackets)`,
);
for (const p of sizes.plugins) {
  console.log(`    ${p.code}  ${kb(p.chunk).padStart(8)}  (${kb(p.withSets)})  ${verdict(p.chunk <= BUDGET.plugin)}`);
}

// A 5,000-row mass-start field of the athletics plugin, with splits in every row's details.
const athletics = (await sportLoaders.ATH()).default;
const layout = athletics.layouts.tabs.result!;
const rows = Array.from({ length: 5000 }, (_, i) => ({
  Rank: String(i + 1),
  SortOrder: String(i + 1),
  Result: `2:${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
  Diff: i === 0 ? '' : `+${i}`,
  ...(i % 97 === 5 ? { IRM: 'DNF' } : {}),
  ...(i % 50 === 0 ? { QualificationMark: 'q' } : {}),
  Competitor: [
    {
      Code: String(100000 + i),
      Type: 'A',
      Organisation: ['GDG', 'SHH', 'BEJ', 'HKG'][i % 4],
      Bib: String(i + 1),
      Description: [{ FamilyName: `Runner${i}`, GivenName: 'Test' }],
    },
  ],
  ExtendedResults: [
    {
      ExtendedResult: [1, 2, 3, 4].map((pos) => ({
        Type: 'PROGRESS',
        Code: 'INTERMEDIATE',
        Pos: String(pos),
        Value: `${pos * 30}:00`,
        Rank: String(i + 1),
      })),
    },
  ],
}));
const document = { Competition: [{ Result: rows }] };
const view = projectTable(layout, document, { sport: athletics, locale: 'en_US' });
const renderOnce = () => {
  const started = performance.now();
  renderToString(
    createElement(
      IntlProvider,
      { locale: 'en-US', messages: englishCatalogue },
      createElement(MemoryRouter, null, createElement(ResultTable, { view, label: 'Result' })),
    ),
  );
  return performance.now() - started;
};
for (let i = 0; i < 5; i += 1) renderOnce();
const firstRender = median(Array.from({ length: 15 }, renderOnce));
console.log(
  `\nFirst render of a ${view.rows.length}-row result table: ${firstRender.toFixed(1)} ms (median of 15)  budget ${BUDGET.firstRenderMs} ms  ${verdict(firstRender <= BUDGET.firstRenderMs)}`,
);

// Every legend mark of the athletics plugin, matched on 10,000 rows (each row tested against each mark).
const matcher = compileLegend(athletics.legend);
const many = [...rows, ...rows];
const matchAll = () => {
  const started = performance.now();
  let marks = 0;
  for (const row of many)
    marks += matcher.match(row, { module: 'result', eventCode: 'ATHM10000M------------FNL-000100--' }).length;
  matcher.collect(many, { module: 'result' });
  return { ms: performance.now() - started, marks };
};
matchAll();
const legend = matchAll();
console.log(
  `Legend: ${athletics.legend.length} marks matched over ${many.length} rows in ${legend.ms.toFixed(1)} ms (${legend.marks} marks found)`,
);
