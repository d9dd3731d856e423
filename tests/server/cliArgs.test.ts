/**
 * The commands' lines (issue 45): the helper alone (src/server/cli/args.ts), then every npm command
 * run as a user runs it, through package.json's scripts: a flag it does not take, a missing or
 * surplus argument or a bad value exits 2 with a usage line and changes nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../codegen/paths';
import {
  helpText,
  oneOf,
  parseCommand,
  positiveInteger,
  readCommand,
  readSubcommand,
  usageOf,
  UsageError,
  wholeNumber,
} from '../../src/server/cli/args';

const EXAMPLE = {
  script: 'example',
  summary: 'An example command.',
  args: [
    { name: 'folder', description: 'where it writes' },
    { name: 'ids', description: 'which ones', optional: true, many: true, parse: positiveInteger },
  ],
  flags: {
    since: { type: 'boolean', description: 'only what changed' },
    limit: { type: 'string', value: 'N', description: 'at most N', parse: positiveInteger },
    kind: { type: 'string', value: 'K', description: 'a or b', parse: oneOf(['a', 'b'] as const) },
    name: { type: 'string', description: 'any text' },
  },
} as const;

const refusal = (argv: string[]): string => {
  try {
    parseCommand(EXAMPLE, argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was taken`);
};

describe('src/server/cli/args.ts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the flags and arguments a command declares, typed by the declaration', () => {
    const line = parseCommand(EXAMPLE, ['out', '3', '4', '--since', '--limit', '5', '--kind', 'b', '--name=x']);
    expect(line).toEqual({
      flags: { since: true, limit: 5, kind: 'b', name: 'x' },
      args: ['out', [3, 4]],
    });
    expect(parseCommand(EXAMPLE, ['out'])).toEqual({
      flags: { since: false, limit: undefined, kind: undefined, name: undefined },
      args: ['out', []],
    });
    expect(parseCommand(EXAMPLE, ['out', '--help'])).toBe('help');
    expect(parseCommand(EXAMPLE, ['-h'])).toBe('help');
  });

  it('refuses an unknown flag, a missing or surplus argument, a missing value and a bad one', () => {
    expect(refusal(['out', '--sinse'])).toMatch(/Unknown option '--sinse'/);
    expect(refusal(['out', '-x'])).toMatch(/Unknown option '-x'/);
    expect(refusal([])).toBe('<folder> is missing');
    expect(refusal(['out', '--limit'])).toMatch(/--limit.*argument missing/);
    expect(refusal(['out', '--since=5'])).toMatch(/does not take an argument/);
    expect(refusal(['out', '--limit', 'abc'])).toBe('--limit: a whole number from 1 is needed, not "abc"');
    expect(refusal(['out', '--limit', '0'])).toMatch(/^--limit: /);
    expect(refusal(['out', '--kind', 'c'])).toBe('--kind: one of a, b is needed, not "c"');
    expect(refusal(['out', '7', 'x'])).toBe('<ids>: a whole number from 1 is needed, not "x"');
    const single = { script: 'single', summary: 's', args: [{ name: 'folder', description: 'd' }] } as const;
    expect(() => parseCommand(single, ['a', 'b'])).toThrow('unexpected argument "b"');
    expect(() => parseCommand({ script: 'start', summary: 's' } as const, ['x'])).toThrow('unexpected argument "x"');
  });

  it('reads numbers strictly', () => {
    expect(wholeNumber('0')).toBe(0);
    expect(() => wholeNumber('1.5')).toThrow();
    expect(() => wholeNumber('-1')).toThrow();
    expect(() => wholeNumber('')).toThrow();
    expect(() => positiveInteger('1e3')).toThrow();
  });

  it('writes the usage line and a help line for each argument and flag', () => {
    expect(usageOf(EXAMPLE)).toBe(
      'npm run example -- <folder> [<ids>...] [--since] [--limit N] [--kind K] [--name VALUE]',
    );
    expect(usageOf({ script: 'start', summary: 's' })).toBe('npm start');
    const help = helpText(EXAMPLE).split('\n');
    expect(help[0]).toBe(`usage: ${usageOf(EXAMPLE)}`);
    expect(help[1]).toBe('An example command.');
    for (const line of ['<folder>', '<ids>', '--since', '--limit N', '--kind K', '--name VALUE', '-h, --help'])
      expect(help.some((row) => row.trimStart().startsWith(line))).toBe(true);
  });

  it('exits 2 with the reason and the usage line on stderr, or 0 after the help on stdout', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stdout = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(() => readCommand(EXAMPLE, ['out', '--bogus'])).toThrow('exit 2');
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(
      /^example: Unknown option '--bogus'.*\nusage: npm run example -- /s,
    );
    expect(() => readCommand(EXAMPLE, ['--help'])).toThrow('exit 0');
    expect(stdout.mock.calls[0]?.[0]).toBe(helpText(EXAMPLE));
    expect(exit).toHaveBeenCalledTimes(2);
  });

  it('chooses a subcommand by its first word, and refuses none or another', () => {
    const list = { script: 'log', subcommand: 'list', summary: 's', flags: EXAMPLE.flags } as const;
    const show = { script: 'log', subcommand: 'show', summary: 's', args: [{ name: 'id', description: 'd' }] } as const;
    expect(readSubcommand([list, show], ['show', '4'])).toEqual({ command: 'show', flags: {}, args: ['4'] });
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => readSubcommand([list, show], ['--bogus'])).toThrow('exit 2');
    expect(() => readSubcommand([list, show], [])).toThrow('exit 2');
    expect(() => readSubcommand([list, show], ['list', '--bogus'])).toThrow('exit 2');
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(
      /^log: unknown command "--bogus" \(list\|show\)\nusage: npm run log -- list .*\n {7}npm run log -- show <id>/,
    );
  });
});

/** Every npm command with a command line of its own (package.json "scripts"). */
const COMMANDS = [
  'codegen',
  'sports:check',
  'ingest',
  'export',
  'correct-version',
  'messages',
  'coverage',
  'demo',
  'demo:coverage',
  'bench:service',
  'bench:web',
  'bench:lighthouse',
  'bench:load',
];

interface Ran {
  args: string[];
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('every npm command, run as a user runs it', () => {
  const base = mkdtempSync(join(tmpdir(), 'podium-cli-args-'));
  // Paths that a command refused must not create.
  const data = join(base, 'data');
  const out = join(base, 'out');
  const generated = join(base, 'generated');
  const env = { ...process.env, PODIUM_DATA: data };
  /** What codegen writes: git's view of it, before and after. */
  const codegenFiles = () =>
    spawnSync('git', ['status', '--porcelain', '--', 'sports', 'src/generated', 'schemas'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).stdout;

  /** `npm run -s <script> -- <args>` from the project's folder, through package.json. */
  const npm = (script: string, args: string[]): Promise<Ran> =>
    new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], {
        cwd: ROOT,
        env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (status) => resolve({ args: [script, ...args], status, stdout, stderr }));
    });

  const refused: [string, string[]][] = [
    ...COMMANDS.map((script): [string, string[]] => [script, ['--bogus-flag']]),
    ['export', [out, '--bogus-flag']],
    ['export', [out, '--sinse', '5']],
    ['export', [out, '--since', 'abc']],
    ['export', []],
    ['demo', [out, '--bogus-flag']],
    ['demo', []],
    ['ingest', []],
    ['correct-version', ['DT_RESULT', 'CODE']],
    ['correct-version', ['DT_RESULT', 'CODE', 'three']],
    ['messages', ['list', '--bogus-flag']],
    ['messages', ['list', '--since', 'abc']],
    ['messages', ['list', '--limit', '0']],
    ['messages', ['list', '--outcome', 'lost']],
    ['messages', ['show']],
    ['messages', ['replay']],
    ['coverage', ['--sport']],
    ['codegen', ['--out', generated, '--bogus-flag']],
    ['sports:check', ['sports/SWM/sport.json', '--bogus-flag']],
  ];
  const helped: [string, string[]][] = [
    ['export', ['--since', '--no-reports']],
    ['coverage', ['--sport CODE', '--json', '--shown']],
    ['codegen', ['--check', '--out DIR']],
    ['messages', ['list', 'show <id>', 'replay', '--outcome O', '--limit N']],
  ];
  let before = '';
  let runs: Ran[] = [];
  let helps: Ran[] = [];

  beforeAll(async () => {
    before = codegenFiles();
    // One alone first: a script that builds dist/ when it is stale (package.json) builds it once,
    // not in every process at the same time.
    const first = await npm('demo:coverage', ['--bogus-flag']);
    [runs, helps] = await Promise.all([
      Promise.all(refused.map(([script, args]) => npm(script, args))),
      Promise.all(helped.map(([script]) => npm(script, ['--help']))),
    ]);
    runs.push(first);
  }, 300_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('each command is an npm script', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts;
    expect(COMMANDS.filter((script) => !(script in scripts))).toEqual([]);
  });

  it('a flag it does not take, a missing or surplus argument or a bad value: exit 2, a usage line, nothing written', () => {
    const wrong = runs.filter((run) => run.status !== 2 || !/^usage: npm run /m.test(run.stderr));
    expect(wrong.map((run) => `${run.args.join(' ')}: exit ${run.status}\n${run.stderr}`)).toEqual([]);
    for (const run of runs) expect(run.stderr, run.args.join(' ')).toContain(`usage: npm run ${run.args[0]}`);
    expect(runs.filter((run) => run.args.includes('--bogus-flag')).map((run) => run.args[0])).toEqual(
      expect.arrayContaining(COMMANDS),
    );
    expect([data, out, generated].filter((path) => existsSync(path))).toEqual([]);
    expect(codegenFiles()).toBe(before);
  });

  it('--help: exit 0, the usage line and each flag on stdout', () => {
    helps.forEach((run, i) => {
      const [script, lines] = helped[i]!;
      expect(run.status, `${script}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^usage: npm run ${script} --`, 'm'));
      for (const line of lines) expect(run.stdout, script).toContain(line);
    });
    expect(existsSync(data)).toBe(false);
  });
});
