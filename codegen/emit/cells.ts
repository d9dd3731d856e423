import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths';
import { generatedHeader, json, type GeneratedFile } from './files';

export const CELLS_DIR = join(ROOT, 'src', 'cells');

/** A part of a cell folder and its generated registry; `plain` is the part used where a folder has none. */
interface CellPart {
  readonly file: string;
  readonly registry: string;
  readonly name: string;
  readonly type: string;
  readonly plain?: readonly [name: string, module: string];
}

/** The definition every folder has: its `cell.ts`. */
const CELL_DEFINITION: CellPart = {
  file: 'cell.ts',
  registry: 'src/generated/cells.ts',
  name: 'CELLS',
  type: 'CellDefinition',
};

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
} as const satisfies Record<string, CellPart>;

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
  const registry = ({ file, registry: path, name, type, plain }: CellPart): GeneratedFile => {
    const own = kinds.filter((kind) => !plain || has(kind, file));
    const module = file.replace(/\.tsx?$/, '');
    const binding = (kind: string) => `${kind}${type.replace('Definition', '')}`;
    return {
      path,
      content: `${header}import type { CellKind } from '../core/sports/vocabulary';
import type { ${type} } from '../cells/definition';
${plain && own.length < kinds.length ? `import { ${plain[0]} } from '${plain[1]}';\n` : ''}${own.map((kind) => `import ${binding(kind)} from '../cells/${kind}/${module}';`).join('\n')}

/** Each cell kind's ${file}${plain ? ` (${plain[0]} where its folder has none)` : ''}. */
export const ${name}: Readonly<Record<CellKind, ${type}>> = {
${kinds.map((kind) => `  ${kind}: ${own.includes(kind) ? binding(kind) : plain![0]},`).join('\n')}
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
    registry(CELL_DEFINITION),
    ...Object.values(CELL_PARTS).map(registry),
  ];
}
