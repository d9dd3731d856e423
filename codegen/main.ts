/**
 * `npm run codegen [-- --check] [-- --out DIR]`: validates every plugin, then writes what is derived
 * from the schemas and the sports (schemas/*.json and src/generated/). With --check it writes
 * nothing and exits 1 when a generated file is missing, stale or left over.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { CELL_KINDS, WIDGET_KINDS } from '../src/core/sports/vocabulary';
import { CELL_KIND_PATTERN, cellFolders, emitCells } from './emit/cells';
import {
  emitLegendSet,
  emitRegistry,
  emitHiddenReasons,
  emitSharedHidden,
  emitSharedLabels,
  emitSharedSections,
  emitSportCodes,
  emitSportModule,
} from './emit/registry';
import type { GeneratedFile } from './emit/files';
import { emitSchemaJson } from './emit/schemas';
import { catalogueProblems, emitMessages } from './emit/messages';
import { emitApiValidators } from './emit/apiValidators';
import { emitTreeEvents } from './emit/treeEvents';
import { emitWidgets, widgetFolders } from './emit/widgets';
import { sportFolders } from './load';
import { readCommand, type CommandLine } from '../src/server/cli/args';
import { ROOT } from './paths';
import { formatProblem } from './problems';
import { checkPlugins } from './validate';

/** Folders codegen owns entirely: a file there that codegen does not produce is left over. */
const OWNED_FOLDERS = ['src/generated'];

export function generate(): { files: GeneratedFile[]; problems: string[] } {
  // Plugins against their examples is sports:check's job (npm test runs it): a plugin that validates generates.
  const checked = checkPlugins(undefined, { examples: false });
  const problems = [...checked.problems.map(formatProblem), ...catalogueProblems(), ...cellFolderProblems()];
  if (problems.length > 0 || !checked.sharedLabels || !checked.sharedHidden || !checked.sharedSections)
    return { files: [], problems };
  const codes = sportFolders();
  const sports = codes.map((code) => checked.sports.get(code)).filter((s) => s !== undefined);
  const files: GeneratedFile[] = [
    ...emitSchemaJson(),
    emitSportCodes(codes),
    ...emitWidgets(widgetFolders()),
    ...emitCells(cellFolders()),
    emitSharedLabels(checked.sharedLabels),
    emitSharedHidden(checked.sharedHidden),
    emitHiddenReasons(checked.sharedHidden, sports),
    emitSharedSections(checked.sharedSections),
    ...[...checked.legendSets.values()].map(emitLegendSet),
    ...sports.map(emitSportModule),
    emitRegistry(codes),
    emitTreeEvents(checked.programmes),
    ...emitApiValidators(),
    ...emitMessages(),
  ];
  return { files, problems: [] };
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** A cell folder's name is a layout's word and an identifier of the generated registries. */
function cellFolderProblems(): string[] {
  return cellFolders()
    .filter((kind) => !CELL_KIND_PATTERN.test(kind))
    .map((kind) => `src/cells/${kind}: a cell kind is a lower camel case word (${CELL_KIND_PATTERN.source})`);
}

/**
 * The widget and cell kinds the plugin schema allows come from their folders, but this process read
 * the schema (through the core's vocabulary) when it started: when a folder was added or removed,
 * write the kinds and run again, so one `npm run codegen` validates the plugins against the new kinds.
 */
function kindsChanged(): boolean {
  const changes = [
    { folders: widgetFolders(), known: WIDGET_KINDS, emit: emitWidgets },
    { folders: cellFolders(), known: CELL_KINDS, emit: emitCells },
  ].filter(({ folders, known }) => JSON.stringify(folders) !== JSON.stringify(known));
  for (const { folders, emit } of changes) {
    const [kinds] = emit(folders);
    writeFileSync(join(ROOT, kinds!.path), kinds!.content);
  }
  return changes.length > 0;
}

const CODEGEN = {
  script: 'codegen',
  summary: 'Validates every plugin, then writes schemas/*.json and src/generated/.',
  flags: {
    check: {
      type: 'boolean',
      description: 'writes nothing; exit 1 when a generated file is missing, stale or left over',
    },
    out: {
      type: 'string',
      value: 'DIR',
      description: 'writes (or checks) the generated files under DIR, not the project',
    },
  },
} as const;

function main({ check, out }: CommandLine<typeof CODEGEN>['flags']): number {
  if (!check && out === undefined && kindsChanged()) {
    const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
    return again.status ?? 1;
  }
  const outRoot = out === undefined ? ROOT : resolve(out);
  const started = performance.now();
  const { files, problems } = generate();
  if (problems.length > 0) {
    for (const line of problems) console.log(line);
    console.error(`codegen: ${problems.length} problem(s) in sports/; nothing generated (see npm run sports:check)`);
    return 1;
  }
  const wanted = new Map(files.map((file) => [join(outRoot, file.path), file.content]));
  const leftovers = OWNED_FOLDERS.flatMap((folder) => listFiles(join(outRoot, folder))).filter((p) => !wanted.has(p));
  const stale = [...wanted].filter(([path, content]) => !existsSync(path) || readFileSync(path, 'utf8') !== content);
  const shown = (path: string) => relative(outRoot, path);

  if (check) {
    const lines = [
      ...stale.map(([path]) => `${shown(path)}: ${existsSync(path) ? 'out of date' : 'missing'}`),
      ...leftovers.map((path) => `${shown(path)}: not generated from any source (left over)`),
    ];
    for (const line of lines) console.log(line);
    if (lines.length > 0) {
      console.error(`codegen --check: ${lines.length} generated file(s) out of date; run npm run codegen`);
      return 1;
    }
    console.error(`codegen --check: ${files.length} generated files up to date`);
    return 0;
  }
  for (const [path, content] of stale) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  for (const path of leftovers) rmSync(path);
  const ms = Math.round(performance.now() - started);
  console.error(`codegen: ${files.length} files (${stale.length} written, ${leftovers.length} removed) in ${ms} ms`);
  return 0;
}

// Read before anything is written: a command line it cannot take changes nothing.
process.exitCode = main(readCommand(CODEGEN).flags);
