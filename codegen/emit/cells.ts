import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths';
import { generatedHeader, json, type GeneratedFile } from './files';

export const CELLS_DIR = join(ROOT, 'src', 'cells');

/** The parts a cell folder may hold beside its `cell.ts`, each with the plain part used when it is absent. */
export const CELL_PARTS = {
  view: {
    file: 'view.tsx',
    registry: 'src/generated/cellViews.tsx',
    name: 'CELL_VIEWS',
    plain: ['plainView', '../cells/views'],
    type: 'CellViewDefinition',
  },
  report: {
    file: 'report.ts',
    registry: 'src/generated/cellReports.ts',
    name: 'CELL_REPORTS',
    plain: ['plainReport', '../cells/plain'],
    type: 'CellReportDefinition',
  },
  demo: {
    file: 'demo.ts',
    registry: 'src/generated/cellDemos.ts',
    name: 'CELL_DEMOS',
    plain: ['plainDemo', '../cells/plain'],
    type: 'CellDemoDefinition',
  },
} as const;

/** The cell folders: each `src/cells/<kind>/` with a `cell.ts`, in name order. */
export function cellFolders(): string[] {
  return readdirSync(CELLS_DIR)
    .filter((name) => statSync(join(CELLS_DIR, name)).isDirectory() && existsSync(join(CELLS_DIR, name, 'cell.ts')))
    .sort();
}

/** A kind is a layout's word and an identifier in the generated registries. */
export const CELL_KIND_PATTERN = /^[a-z][A-Za-z0-9]*$/;

const has = (kind: string, file: string) => existsSync(join(CELLS_DIR, kind, file));

/**
 * The cell kinds a layout may name (read by the plugin schema through the core's vocabulary) and a
 * registry per part: the definitions the core projects with, the site's views, the reports' printing
 * and the demo's filling. All from the folders, so a cell kind is one folder.
 */
export function emitCells(kinds: readonly string[]): GeneratedFile[] {
  const header = generatedHeader('the folders of src/cells/');
  const registry = (
    path: string,
    name: string,
    type: string,
    file: string,
    plain?: readonly [string, string],
  ): GeneratedFile => {
    const own = kinds.filter((kind) => !plain || has(kind, file));
    const module = file.replace(/\.tsx?$/, '');
    const plainUsed = plain && own.length < kinds.length;
    return {
      path,
      content: `${header}import type { CellKind } from '../core/sports/vocabulary';
import type { ${type} } from '../cells/definition';
${plainUsed ? `import { ${plain[0]} } from '${plain[1]}';\n` : ''}${own.map((kind) => `import ${kind}${type.replace('Definition', '')} from '../cells/${kind}/${module}';`).join('\n')}

/** Each cell kind's ${file}${plain ? ` (${plain[0]} where its folder has none)` : ''}. */
export const ${name}: Readonly<Record<CellKind, ${type}>> = {
${kinds.map((kind) => `  ${kind}: ${own.includes(kind) ? `${kind}${type.replace('Definition', '')}` : plain![0]},`).join('\n')}
};
`,
    };
  };
  return [
    {
      path: 'src/generated/cellKinds.ts',
      content: `${header}/** Every cell kind a layout column may name: the folders of src/cells/ with a cell.ts. */
export const CELL_KINDS = ${json(kinds)} as const;
`,
    },
    registry('src/generated/cells.ts', 'CELLS', 'CellDefinition', 'cell.ts'),
    ...Object.values(CELL_PARTS).map((part) => registry(part.registry, part.name, part.type, part.file, part.plain)),
  ];
}
