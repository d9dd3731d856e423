/**
 * Issue 17, item 2: a cell kind is one folder (src/cells/<kind>/), as an ESLint rule is one module,
 * and the kinds a layout may name and the registries of its parts are generated from the folders
 * (codegen/emit/cells.ts). As ESLint's build fails on a rule without docs or tests, this fails on a
 * kind without its test or its line in the sport editors' guide.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CELL_PARTS, CELLS_DIR, cellFolders } from '../../codegen/emit/cells';
import { ROOT } from '../../codegen/paths';
import { CELL_KINDS, COLUMN_PRIORITIES, SORT_TYPES } from '../../src/core/sports/vocabulary';
import { CELLS, CELL_DEMOS, CELL_REPORTS, CELL_VIEWS, draw } from '../../src/cells/cellTesting';
import { plainReport, plainDemo } from '../../src/cells/plain';
import { plainView } from '../../src/cells/views';

const FOLDER_FILES = new Set(['cell.ts', 'cell.test.tsx', ...Object.values(CELL_PARTS).map((part) => part.file)]);

/** Values a feed can put where a column looks: every cell must take them without a throw. */
const ODD_VALUES: readonly (readonly unknown[])[] = [
  [],
  [undefined],
  [null],
  [''],
  ['   '],
  [0],
  [true],
  [{}],
  [[]],
  [{ Description: [{}] }],
  [{ Score: { nested: true } }],
  ['x'.repeat(5000)],
  ['<script>alert(1)</script>'],
  ['1', '2', '3'],
];

describe('cell folders', () => {
  it('are the cell kinds a layout may name, and every registry, in one list', () => {
    expect(cellFolders()).toEqual([...CELL_KINDS]);
    for (const registry of [CELLS, CELL_VIEWS, CELL_REPORTS, CELL_DEMOS]) {
      expect(Object.keys(registry).sort()).toEqual([...CELL_KINDS]);
    }
  });

  it('hold only the parts a cell may have (a misspelt part would be left out silently)', () => {
    for (const kind of CELL_KINDS) {
      const stray = readdirSync(join(CELLS_DIR, kind)).filter((file) => !FOLDER_FILES.has(file));
      expect(stray, kind).toEqual([]);
    }
  });

  it('take a folder\u2019s own part where it has one, the plain part where not', () => {
    for (const kind of CELL_KINDS) {
      const files = new Set(readdirSync(join(CELLS_DIR, kind)));
      expect(CELL_VIEWS[kind] === plainView, `${kind} view`).toBe(!files.has('view.tsx'));
      expect(CELL_REPORTS[kind] === plainReport, `${kind} report`).toBe(!files.has('report.ts'));
      expect(CELL_DEMOS[kind] === plainDemo, `${kind} demo`).toBe(!files.has('demo.ts'));
    }
  });

  it('each have their tests beside them', () => {
    for (const kind of CELL_KINDS) {
      const test = readFileSync(join(CELLS_DIR, kind, 'cell.test.tsx'), 'utf8');
      expect(test, kind).toMatch(new RegExp(`\\b(project|draw|demo|report)\\('${kind}'`));
    }
  });

  it('are each documented in the sport editors\u2019 guide, with their sort and priority', () => {
    const guide = readFileSync(join(ROOT, 'sports/README.md'), 'utf8');
    const section = guide.slice(guide.indexOf('**Cell kinds.**'), guide.indexOf('A **value path**'));
    const rows = new Map(
      [...section.matchAll(/^\|\s*`(\w+)`\s*\|.*\|\s*(\w+)\s*\|\s*(\w+)\s*\|$/gm)].map((m) => [m[1]!, [m[2], m[3]]]),
    );
    expect(rows.size).toBeGreaterThan(0);
    for (const kind of CELL_KINDS) expect(rows.get(kind), kind).toEqual([CELLS[kind].sort, CELLS[kind].priority]);
    expect([...rows.keys()].filter((kind) => !(CELL_KINDS as readonly string[]).includes(kind))).toEqual([]);
  });

  it('declare a sort type and a priority of the vocabulary', () => {
    for (const kind of CELL_KINDS) {
      expect(SORT_TYPES, kind).toContain(CELLS[kind].sort);
      expect(COLUMN_PRIORITIES, kind).toContain(CELLS[kind].priority);
    }
  });

  it('project whatever a feed puts there into a cell, and draw it, without a throw', () => {
    for (const kind of CELL_KINDS) {
      for (const values of ODD_VALUES) {
        const value = CELLS[kind].project(values, {}, { locale: 'zh_CN' });
        const text = typeof value === 'string' ? value : value.text;
        expect(typeof text, `${kind} ${JSON.stringify(values)}`).toBe('string');
        if (text !== '') expect(() => draw(kind, value), kind).not.toThrow();
        expect(draw(kind, value)).not.toContain('<script>');
        expect(
          typeof CELL_REPORTS[kind].text(values, { competitorName: () => ({}), delegationName: () => undefined }),
        ).toBe('string');
      }
    }
  });
});
