/**
 * A copy of the project in a temporary folder, where the editors' and developers' commands run as a
 * new user runs them (tests/sports/copySport.test.ts, tests/cells/newCellKind.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../../codegen/paths';

/** What a project copy needs to check, generate and test; node_modules is linked entry by entry. */
const PROJECT_ENTRIES = [
  'bin',
  'codegen',
  'scripts',
  'schemas',
  'sports',
  'src',
  'tests',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vitest.config.ts',
  'vite.config.ts',
];
/** Caches stay the copy's own: the demo store under node_modules/.cache is keyed by the tree. */
const UNSHARED_MODULES = new Set(['.cache', '.vite', '.vitest']);

/**
 * Copies the project into a new temporary folder and returns its path. The real ODF samples the
 * tests read sit beside the project (../shared/odf-samples): the copy gets them beside it too.
 */
export function copyProject(prefix: string): string {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const tree = join(base, 'project');
  mkdirSync(tree);
  symlinkSync(join(ROOT, '..', 'shared'), join(base, 'shared'));
  for (const entry of PROJECT_ENTRIES) cpSync(join(ROOT, entry), join(tree, entry), { recursive: true });
  mkdirSync(join(tree, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (!UNSHARED_MODULES.has(entry)) symlinkSync(join(ROOT, 'node_modules', entry), join(tree, 'node_modules', entry));
  }
  return tree;
}

export const removeProjectCopy = (tree: string | undefined): void => {
  if (tree) rmSync(dirname(tree), { recursive: true, force: true });
};

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with the arguments in the copy, with this process's environment and `env`. */
export function run(tree: string, args: string[], env: Record<string, string> = {}): RunResult {
  const result = spawnSync(process.execPath, args, {
    cwd: tree,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a TypeScript entry point (codegen/main.ts ...) in the copy, as the npm scripts do. */
export const tsx = (tree: string, ...args: string[]): RunResult =>
  run(tree, [join(tree, 'node_modules/tsx/dist/cli.mjs'), ...args]);

/** Runs vitest in the copy with a JSON report, and returns the report with the run's own output. */
export function vitest(
  tree: string,
  args: string[],
  env: Record<string, string> = {},
): RunResult & {
  report: {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
} {
  const reportFile = join(tree, `vitest-${Date.now()}.json`);
  const result = run(
    tree,
    [join(tree, 'node_modules/vitest/vitest.mjs'), 'run', ...args, '--reporter=json', `--outputFile=${reportFile}`],
    env,
  );
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return { ...result, report };
}
