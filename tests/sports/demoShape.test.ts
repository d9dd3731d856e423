/**
 * The demo and the examples agree in shape: every path a plugin's layouts read that the sport's
 * examples (written from its ODF data dictionary) fill, the demo games fill too, and the demo fills
 * nothing the examples leave empty. The demo is written from the examples, not from the plugin, so a
 * plugin path the dictionary does not have stays empty in both.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { sportFolders } from '../../codegen/load';
import { elementsAt, fills, layoutRows } from '../../codegen/validate/examples';
import type { Layout, LayoutColumn, ResolvedSport } from '../../src/core/sports/types';
import { loadTemplates } from '../../src/server/demo/templates';
import type { Service } from '../../src/server/service';
import type { SportCode } from '../../src/generated/sportCodes';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { openDemoService } from '../support/demoService';

let service: Service;
beforeAll(async () => {
  service = await openDemoService();
}, 600_000);
afterAll(() => service?.close());

type Element = Record<string, unknown>;

/** Pointers of the column paths a set of documents fills, for every layout of the sport. */
function filledPaths(sport: ResolvedSport, documents: (type: string) => unknown[]): Set<string> {
  const filled = new Set<string>();
  const columns = (at: string, list: readonly LayoutColumn[], rows: Element[]) =>
    list.forEach((column, i) => {
      if (fills(column, column.path, rows)) filled.add(`${at}/${i}/path`);
      if (column.fallback && fills(column, column.fallback, rows)) filled.add(`${at}/${i}/fallback`);
    });
  for (const [kind, layouts] of Object.entries(sport.layouts) as [string, Record<string, Layout | undefined>][]) {
    for (const [id, layout] of Object.entries(layouts)) {
      if (!layout || layout.document === 'REPORT_LIST') continue;
      const bodies = documents(layout.document);
      const rows = layoutRows(layout, bodies);
      const at = `/layouts/${kind}/${id}`;
      columns(`${at}/columns`, layout.columns ?? [], rows);
      layout.details?.forEach((detail, d) =>
        columns(`${at}/details/${d}/columns`, detail.columns, elementsAt(detail.rows, rows)),
      );
      layout.sections?.forEach((section, d) =>
        columns(`${at}/sections/${d}/columns`, section.columns, elementsAt(section.rows, bodies)),
      );
    }
  }
  return filled;
}

describe.each(sportFolders().map((code) => [code]))('%s', (code) => {
  it('the demo fills exactly the paths its examples fill', async () => {
    const sport = (await sportLoaders[code as SportCode]()).default;
    const examples = loadTemplates(join(ROOT, 'sports'), code);
    const fromExamples = filledPaths(sport, (type) => examples.filter((e) => e.type === type).map((e) => e.body));
    const fromDemo = filledPaths(sport, (type) =>
      service.store
        .listByType(type)
        .filter((d) => d.code.startsWith(code))
        .map((d) => JSON.parse(d.body) as unknown),
    );
    expect(
      [...fromExamples].filter((p) => !fromDemo.has(p)),
      `${code}: filled by the examples, not the demo`,
    ).toEqual([]);
    expect(
      [...fromDemo].filter((p) => !fromExamples.has(p)),
      `${code}: filled by the demo, not the examples`,
    ).toEqual([]);
  });
});
