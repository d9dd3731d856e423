/**
 * What the cell folders' tests share (`src/cells/<kind>/cell.test.tsx`): real result rows, and each
 * part of a kind run as the core, the site, the reports and the demo run it, through the registries.
 * For tests only: nothing the product imports.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { accessorFor } from '../core/valuePath';
import type { CellKind } from '../core/sports/vocabulary';
import type { CellValue, RichCell } from '../core/views/types';
import { CELLS } from '../generated/cells';
import { CELL_DEMOS } from '../generated/cellDemos';
import { CELL_REPORTS } from '../generated/cellReports';
import { CELL_VIEWS } from '../generated/cellViews';
import englishCatalogue from '../generated/messages/en_US';
import { parseXml } from '../server/odf/normalise';
import { IntlProvider } from '../web/i18n/intl';
import type { CellContext, DemoRow, ReportCellContext } from './definition';

/**
 * The `Result` rows of a real message: Beijing 2022 bobsleigh 4-man, OFFICIAL, version 163
 * (../shared/odf-samples/BOBOTEAM4.DT_RESULT.O.xml, from GitHub iptc/sport-schema). Row 0 is
 * Germany's winning sled (Rank 1, 58.86, Bib 6), row 2 ROC's third (Diff +0.31), row 20 Romania's DNS.
 */
export const BOBSLEIGH: unknown = parseXml(
  readFileSync(
    fileURLToPath(new URL('../../../shared/odf-samples/BOBOTEAM4.DT_RESULT.O.xml', import.meta.url)),
    'utf8',
  ),
).element;
export const BOBSLEIGH_ROWS: readonly unknown[] = accessorFor('Competition.Result').all(BOBSLEIGH);

/** An element read by the service's own parser from a snippet (each test names the snippet's source). */
export const element = (xml: string): unknown => parseXml(xml).element;

export const row = (index: number): unknown => {
  const found = BOBSLEIGH_ROWS[index];
  if (found === undefined) throw new Error(`the sample has no row ${index}`);
  return found;
};

const ENGLISH: CellContext = { locale: 'en_US' };

/** The cell a column of this kind shows for the path in the row, as the core's table projects it. */
export const project = (kind: CellKind, path: string, inRow: unknown, context: CellContext = ENGLISH): CellValue =>
  CELLS[kind].project(accessorFor(path).all(inRow), inRow, context);

/** The markup the site draws for a cell value of this kind (English messages). */
export function draw(kind: CellKind, value: CellValue, label = 'Column'): string {
  const rich: RichCell = typeof value === 'string' ? { text: value } : value;
  const { Cell } = CELL_VIEWS[kind];
  return renderToStaticMarkup(
    <IntlProvider locale="en-US" messages={englishCatalogue}>
      <Cell value={rich} label={label} kind={kind} />
    </IntlProvider>,
  );
}

/** What the service knows for a report, in a test: a team's or person's name, and one delegation's. */
export const REPORT_CONTEXT: ReportCellContext = {
  competitorName: (element) => {
    const description = (element as { Description?: { TeamName?: string }[] } | undefined)?.Description?.[0];
    return description?.TeamName ? { english: description.TeamName } : {};
  },
  delegationName: (code) => (code === 'GER' ? '德国' : undefined),
};

/** A PDF report's text for this kind's column at the path, and the column's share of the width. */
export const report = (kind: CellKind, path: string, inRow: unknown) => ({
  text: CELL_REPORTS[kind].text(accessorFor(path).all(inRow), REPORT_CONTEXT),
  weight: CELL_REPORTS[kind].weight,
});

/** A fixed sequence for the demo's random numbers: each call returns the next. */
function fixedRandom(values: readonly number[]) {
  let i = 0;
  const next = () => values[i++ % values.length]!;
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** The value the demo games make up for this kind in a row like this one (`undefined`: none). */
export function demo(
  kind: CellKind,
  demoRow: Partial<DemoRow>,
  { base = 60, attribute = 'Result', random = [0.5] }: { base?: number; attribute?: string; random?: number[] } = {},
): string | undefined {
  const definition = CELL_DEMOS[kind];
  if (definition.fill !== 'value') return undefined;
  const full: DemoRow = { index: 0, count: 8, results: true, qualified: false, ...demoRow };
  return definition.value({ row: full, random: fixedRandom(random), base, attribute });
}

export { CELLS, CELL_DEMOS, CELL_REPORTS, CELL_VIEWS };
