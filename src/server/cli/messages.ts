/**
 * `npm run messages -- <list|show|replay> ...`: the message log of the store in PODIUM_DATA.
 *
 *   list   [--outcome O] [--type T] [--code C] [--since TIME] [--limit N]   newest first
 *   show   <id>                       the message's bytes as received, to standard output
 *   replay <id>... | --outcome O [--type T] [--code C] [--since TIME]      ingest them again
 *
 * TIME is an ISO time or an age such as 30m, 6h, 2d. `replay` exits 1 when a message is refused again.
 */
import { readConfig } from '../config';
import { replayMessages, selectedIds } from '../odf/replay';
import { openService, serviceOptions } from '../service';
import { MESSAGE_OUTCOMES, type MessageFilter, type MessageRow } from '../store/messageLog';
import { oneOf, positiveInteger, readSubcommand, refuse, type CommandLine } from './args';

/** The filter flags `list` and `replay` share. */
const FILTER = {
  outcome: {
    type: 'string',
    value: 'O',
    description: `messages of this outcome (${MESSAGE_OUTCOMES.join(', ')})`,
    parse: oneOf(MESSAGE_OUTCOMES),
  },
  type: { type: 'string', value: 'T', description: 'messages of this DocumentType' },
  code: { type: 'string', value: 'C', description: 'messages of this DocumentCode' },
  since: {
    type: 'string',
    value: 'TIME',
    description: 'received since an ISO time or an age (30m, 6h, 2d)',
    parse: sinceOf,
  },
  limit: { type: 'string', value: 'N', description: 'at most N messages, the newest', parse: positiveInteger },
} as const;

const LIST = {
  script: 'messages',
  subcommand: 'list',
  summary: 'Lists the message log of the store in PODIUM_DATA, newest last: outcome and reason of each.',
  flags: FILTER,
} as const;
const SHOW = {
  script: 'messages',
  subcommand: 'show',
  summary: "Writes a message's bytes as received to standard output (its log line to stderr).",
  args: [{ name: 'id', description: 'the message id (#id in list)', parse: positiveInteger }],
} as const;
const REPLAY = {
  script: 'messages',
  subcommand: 'replay',
  summary: 'Ingests messages again, by id or by filter; exit 1 when one is refused again.',
  args: [
    {
      name: 'id',
      description: 'the message ids; or choose them with the flags',
      optional: true,
      many: true,
      parse: positiveInteger,
    },
  ],
  flags: FILTER,
} as const;

// Read first: a command line it cannot take changes nothing.
const asked = readSubcommand([LIST, SHOW, REPLAY]);
const filter = asked.command === 'show' ? {} : filterOf(asked.flags);
if (
  asked.command === 'replay' &&
  asked.args[0].length === 0 &&
  !asked.flags.outcome &&
  !asked.flags.type &&
  !asked.flags.code
)
  refuse(REPLAY, 'replay needs ids, or a filter (--outcome, --type, --code) to choose messages by');
const config = readConfig();
const service = await openService(serviceOptions(config));
try {
  if (asked.command === 'list') {
    const rows = service.ingestor.log.list(filter);
    for (const row of rows.reverse()) console.log(lineOf(row));
    console.error(`messages: ${rows.length} shown (newest last); data in ${config.dataDir}`);
  } else if (asked.command === 'show') {
    const [id] = asked.args;
    const row = service.ingestor.log.get(id);
    if (!row) fail(`no message #${id} in the log`);
    console.error(lineOf(row));
    if (!row.body) fail(`message #${row.id}: its bytes are not kept`);
    process.stdout.write(row.body);
  } else {
    const [ids] = asked.args;
    const lines = replayMessages(service.ingestor, ids.length > 0 ? ids : selectedIds(service.ingestor, filter));
    for (const line of lines) console.log(`#${line.id}: ${line.outcome}: ${line.detail}`);
    const refused = lines.filter(
      (line) => line.outcome !== 'stored' && line.outcome !== 'unchanged' && line.outcome !== 'ignored',
    );
    console.error(`messages: ${lines.length} replayed, ${lines.length - refused.length} taken, ${refused.length} not`);
    process.exitCode = refused.length > 0 ? 1 : 0;
  }
} finally {
  service.close();
}

/** What the store found: said on stderr with exit 2, as before. */
function fail(message: string): never {
  console.error(`messages: ${message}`);
  process.exit(2);
}

function filterOf(flags: CommandLine<typeof LIST>['flags']): MessageFilter {
  return {
    ...(flags.outcome ? { outcome: flags.outcome } : {}),
    ...(flags.type ? { type: flags.type } : {}),
    ...(flags.code ? { code: flags.code } : {}),
    ...(flags.since ? { since: flags.since } : {}),
    ...(flags.limit ? { limit: flags.limit } : {}),
  };
}

/** An ISO time, or an age before now (30m, 6h, 2d). */
function sinceOf(text: string): string {
  const age = /^(\d+)([mhd])$/.exec(text);
  if (age) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[age[2] as 'm' | 'h' | 'd'];
    return new Date(Date.now() - Number(age[1]) * unit).toISOString();
  }
  const time = new Date(text);
  if (Number.isNaN(time.getTime())) throw new Error(`an ISO time or an age such as 6h is needed, not "${text}"`);
  return time.toISOString();
}

function lineOf(row: MessageRow): string {
  const what = row.type ? `${row.type} ${row.code ?? ''} v${row.version ?? '?'}` : '(no envelope)';
  const why = row.reason ? `: ${row.reason}` : '';
  const kept = row.kept ? '' : ' [bytes not kept]';
  return `#${row.id} ${row.receivedAt} ${row.outcome} ${what} ${row.size} B from ${row.source}${kept}${why}`;
}
