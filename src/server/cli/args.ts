/**
 * The command lines of the npm scripts (issue 45). A command declares its flags and arguments once,
 * as data; node's parseArgs (strict) reads them and the values' types derive from the declaration.
 * An unknown flag, a missing or surplus argument or a bad value is refused with a usage line and
 * exit 2 before the command does anything, so a typo never runs it with a default; `--help` lists
 * what the declaration says.
 */
import { parseArgs } from 'node:util';

export interface Flag {
  readonly type: 'boolean' | 'string';
  readonly description: string;
  /** The value's name in the usage line (`--sport CODE`); string flags only. */
  readonly value?: string;
  /** Reads a string flag's value; throws an Error saying what is wrong with it. */
  readonly parse?: (text: string) => unknown;
}

export interface Argument {
  readonly name: string;
  readonly description: string;
  readonly optional?: boolean;
  /** The last argument only: it takes the rest (one or more, or none when optional). */
  readonly many?: boolean;
  readonly parse?: (text: string) => unknown;
}

export interface Command {
  /** The npm script: `npm run <script> -- ...`. */
  readonly script: string;
  /** The first word after `--` of a command with several (`messages list`). */
  readonly subcommand?: string;
  readonly summary: string;
  readonly flags?: Readonly<Record<string, Flag>>;
  readonly args?: readonly Argument[];
}

type Read<T> = T extends { parse: (text: string) => infer V } ? V : string;
type FlagValue<F> = F extends { type: 'boolean' } ? boolean : Read<F> | undefined;
type ArgValue<A> = A extends { many: true } ? Read<A>[] : A extends { optional: true } ? Read<A> | undefined : Read<A>;
type FlagsOf<C> = C extends { flags: infer F } ? { -readonly [K in keyof F]: FlagValue<F[K]> } : object;
type ArgsOf<C> = C extends { args: infer A } ? { -readonly [I in keyof A]: ArgValue<A[I]> } : [];

/** What a command line said, typed by the command's declaration. */
export interface CommandLine<C extends Command> {
  flags: FlagsOf<C>;
  args: ArgsOf<C>;
}

/** A command line the command cannot take; its message says why. */
export class UsageError extends Error {}

/** Reads `argv` as `command` declares it: its values, or 'help'; throws UsageError. */
export function parseCommand<const C extends Command>(command: C, argv: readonly string[]): CommandLine<C> | 'help' {
  const declared = Object.entries(command.flags ?? {});
  // Typed as any flags' record, so each declared name reads back without a cast.
  const options: Record<string, { type: 'boolean' | 'string'; short?: string }> = {
    ...Object.fromEntries(declared.map(([name, flag]) => [name, { type: flag.type }])),
    help: { type: 'boolean', short: 'h' },
  };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help === true) return 'help';
  const flags: Record<string, unknown> = {};
  for (const [name, flag] of declared) {
    const given = parsed.values[name];
    flags[name] =
      flag.type === 'boolean' ? given === true : typeof given === 'string' ? read(`--${name}`, flag, given) : undefined;
  }
  const wanted = command.args ?? [];
  const given = parsed.positionals;
  const missing = wanted.find((arg, i) => !arg.optional && given[i] === undefined);
  if (missing) throw new UsageError(`<${missing.name}> is missing`);
  if (wanted.at(-1)?.many !== true && given.length > wanted.length)
    throw new UsageError(`unexpected argument "${given[wanted.length]}"`);
  const args = wanted.map((arg, i) =>
    arg.many
      ? given.slice(i).map((text) => read(`<${arg.name}>`, arg, text))
      : given[i] === undefined
        ? undefined
        : read(`<${arg.name}>`, arg, given[i]),
  );
  return { flags, args } as CommandLine<C>;
}

function read(name: string, what: Flag | Argument, text: string): unknown {
  try {
    return what.parse ? what.parse(text) : text;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
}

/** The command line of this process, or exit: 0 after `--help`, 2 with a usage line when refused. */
export function readCommand<const C extends Command>(command: C, argv = process.argv.slice(2)): CommandLine<C> {
  try {
    const line = parseCommand(command, argv);
    if (line !== 'help') return line;
    console.log(helpText(command));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    refuse(command, error.message);
  }
}

/**
 * The command line of a command with subcommands (`messages list|show|replay`), chosen by its first
 * word; `--help` first lists them all.
 */
export function readSubcommand<const S extends readonly Command[]>(
  commands: S,
  argv = process.argv.slice(2),
): { [I in keyof S]: { command: S[I]['subcommand'] } & CommandLine<S[I]> }[number] {
  const [first, ...rest] = argv;
  const chosen = commands.find((command) => command.subcommand === first);
  if (chosen) return { command: chosen.subcommand, ...readCommand(chosen, rest) } as never;
  if (first === '--help' || first === '-h') {
    console.log(commands.map(helpText).join('\n\n'));
    process.exit(0);
  }
  const words = commands.map((command) => command.subcommand).join('|');
  const why = first === undefined ? `a command is needed (${words})` : `unknown command "${first}" (${words})`;
  refuse(commands, why);
}

/** Refuses the command line: why, the usage line(s) on stderr, exit 2. */
export function refuse(command: Command | readonly Command[], why: string): never {
  const commands = Array.isArray(command) ? (command as readonly Command[]) : [command as Command];
  const lines = commands.map((c, i) => `${i === 0 ? 'usage: ' : '       '}${usageOf(c)}`);
  const script = commands[0]!.script;
  console.error(`${script}: ${why}\n${lines.join('\n')}\n(${invocation(script)} -- --help lists its flags)`);
  process.exit(2);
}

const invocation = (script: string) => (script === 'start' ? 'npm start' : `npm run ${script}`);

/** `npm run export -- <folder> [--since] [--no-reports]` */
export function usageOf(command: Command): string {
  const args = (command.args ?? []).map((arg) => {
    const word = `<${arg.name}>${arg.many ? '...' : ''}`;
    return arg.optional ? `[${word}]` : word;
  });
  const flags = Object.entries(command.flags ?? {}).map(([name, flag]) =>
    flag.type === 'boolean' ? `[--${name}]` : `[--${name} ${flag.value ?? 'VALUE'}]`,
  );
  const words = [command.subcommand, ...args, ...flags].filter((word) => word !== undefined);
  return words.length > 0 ? `${invocation(command.script)} -- ${words.join(' ')}` : invocation(command.script);
}

/** The usage line, the summary, and one line for each argument and flag. */
export function helpText(command: Command): string {
  const rows: [string, string][] = [
    ...(command.args ?? []).map((arg): [string, string] => [`<${arg.name}>`, arg.description]),
    ...Object.entries(command.flags ?? {}).map(([name, flag]): [string, string] => [
      flag.type === 'boolean' ? `--${name}` : `--${name} ${flag.value ?? 'VALUE'}`,
      flag.description,
    ]),
    ['-h, --help', 'prints this help'],
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [`usage: ${usageOf(command)}`, command.summary, '', ...rows.map(([l, r]) => `  ${l.padEnd(width)}${r}`)].join(
    '\n',
  );
}

/** A whole number from 1 (`--limit`, a message id). */
export function positiveInteger(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`a whole number from 1 is needed, not "${text}"`);
  return Number(text);
}

/** A whole number from 0 (a Version). */
export function wholeNumber(text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`a whole number is needed, not "${text}"`);
  return Number(text);
}

/** One of the words given (an enum): its parse. */
export const oneOf =
  <const W extends readonly string[]>(words: W) =>
  (text: string): W[number] => {
    if (!words.includes(text)) throw new Error(`one of ${words.join(', ')} is needed, not "${text}"`);
    return text;
  };
