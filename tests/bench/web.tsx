/**
 * `npm run bench:web`: the site's figures against DESIGN section 7. Prints
 *  1. gzip sizes of the production build: the entry JavaScript, all JavaScript a unit result page
 *     loads, and each sport plugin chunk;
 *  2. the first render of a 5,000-row result table (React's server renderer, the render that puts
 *     the table in the first HTML; virtualised, so the time does not grow with the field);
 *  3. matching every legend mark of a sport over 10,000 rows.
 * Builds the site first. Not a test: timings are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from '../../src/web/i18n/intl';
import { MemoryRouter } from 'react-router';
import { ROOT } from '../../codegen/paths';
import { compileLegend } from '../../src/core/legend/match';
import { projectTable } from '../../src/web/widgets/table/project';
import { sportLoaders } from '../../src/generated/sportRegistry';
import englishCatalogue from '../../src/generated/messages/en_US';
import { ResultTable } from '../../src/web/widgets/table/ResultTable';
import { bundleSizes } from '../support/bundleSizes';
import { BUNDLE_BUDGETS } from '../support/budgets';
import { readCommand } from '../../src/server/cli/args';

// It takes no flags: read first, so a mistyped one is refused before anything is built or started.
readCommand({
  script: 'bench:web',
  summary:
    "Builds the site, then prints bundle sizes, a 5,000-row table's first render and legend matching over 10,000 rows.",
} as const);

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

const build = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const sizes = bundleSizes(join(ROOT, 'dist'));
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
    <IntlProvider locale="en-US" messages={englishCatalogue}>
      <MemoryRouter>
        <ResultTable view={view} label="Result" />
      </MemoryRouter>
    </IntlProvider>,
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
