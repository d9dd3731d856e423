/**
 * Issue 17, items 1 and 5: how the parts may depend on each other. Read from the sources' import
 * statements (static, type-only and dynamic `import()`), resolved to files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../codegen/paths';

const SOURCE_DIRS = ['src', 'codegen', 'schemas', 'eslint'];
const IMPORT = /(?:(?:import|export)\s+(?:type\s+)?(?:[^'";]*?from\s+)?|import\(\s*)['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Each source file (relative to the root) with the files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1]!))
      .filter((t): t is string => t !== undefined)
      .map((t) => relative(ROOT, t));
    graph.set(relative(ROOT, file), [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan): the import circles. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graph = importGraph();

/** Every file the given files import, directly or through others. */
function reachable(from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const file = stack.pop()!;
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** A cell folder's parts that the site, the reports or the demo read: the core must not reach them. */
const CELL_SITE_PART = /^src\/cells\/(\w+\/view\.tsx|views\.tsx|MedalText\.tsx)$/;
const CELL_SERVICE_PART = /^src\/cells\/\w+\/(report|demo)\.ts$/;
const isCellTest = (file: string) => /^src\/cells\/(cellTesting\.tsx|\w+\/cell\.test\.tsx)$/.test(file);
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

describe('the import graph', () => {
  it('reads the sources (a sanity check of the reader itself)', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/web/app/Shell.tsx')).toContain('src/web/app/DrawerDialog.tsx');
  });

  it('finds a circle where there is one', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('has no circle, dynamic imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('lets no type or code cross from the service into the site: they share schemas/api.ts', () => {
    expect(edges.filter(({ from, to }) => from.startsWith('src/web/') && to.startsWith('src/server/'))).toEqual([]);
  });

  it("gives every page of the site its own folder (the schedule's five pages share one)", () => {
    const pages = join(ROOT, 'src/web/pages');
    const files = readdirSync(pages).filter((name) => !statSync(join(pages, name)).isDirectory());
    expect(files).toEqual([]);
  });

  it('keeps the core to what a cell shows: no cell view, report or demo part, nothing of the site or the service', () => {
    const core = [...graph.keys()].filter((file) => file.startsWith('src/core/'));
    const reached = [...reachable(core)].filter(
      (file) =>
        CELL_SITE_PART.test(file) ||
        CELL_SERVICE_PART.test(file) ||
        file.startsWith('src/web/') ||
        file.startsWith('src/server/'),
    );
    expect(reached).toEqual([]);
    expect(reachable(core)).toContain('src/cells/rank/cell.ts');
  });

  it('lets a cell folder\u2019s parts reach the site only from its view, and the service only from its tests', () => {
    const cellEdges = edges.filter(({ from }) => from.startsWith('src/cells/') && !isCellTest(from));
    expect(cellEdges.filter(({ from, to }) => to.startsWith('src/web/') && !CELL_SITE_PART.test(from))).toEqual([]);
    expect(cellEdges.filter(({ to }) => to.startsWith('src/server/'))).toEqual([]);
    expect(edges.filter(({ from, to }) => !isCellTest(from) && isCellTest(to))).toEqual([]);
  });

  it('keeps codegen and the core out of the site', () => {
    const intoWeb = edges.filter(
      ({ from, to }) => (from.startsWith('codegen/') || from.startsWith('src/core/')) && to.startsWith('src/web/'),
    );
    expect(intoWeb).toEqual([]);
  });
});
