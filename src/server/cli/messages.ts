/**
 * `npm run messages -- <list|show|replay> ...`: the message log of the store in PODIUM_DATA.
 *
 *   list   [--outcome O] [--type T] [--code C] [--since TIME] [--limit N]   newest first
 *   show   <id>                       the message's bytes as received, to standard output
 *   replay <id>... | --outcome O [--type T] [--code C] [--since TIME]      ingest them again
 *
 * TIME is an ISO time or an age such as 30m, 6h, 2d. `replay` exits 1 when a message is refused again.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { replayMessages, selectedIds } from '../odf/replay';
import { openService, serviceOptions } from '../service';
import { isMessageOutcome, type MessageFilter, type MessageRow } from '../store/messageLog';

const USAGE = `usage: npm run messages -- list [--outcome stored|unchanged|ignored|rejected] [--type T] [--code C] [--since 6h] [--limit N]
       npm run messages -- show <id>
       npm run messages -- replay <id>... | --outcome rejected [--type T] [--code C] [--since 6h]`;

function fail(message: string): never {
  console.error(`messages: ${message}\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      outcome: { type: 'string' },
      type: { type: 'string' },
      code: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
    },
  });
} catch (error) {
  fail((error as Error).message);
}
const [command, ...rest] = parsed.positionals;
const filter = filterOf(parsed.values);
const config = readConfig();
const service = await openService(serviceOptions(config));
try {
  if (command === 'list') {
    const rows = service.ingestor.log.list(filter);
    for (const row of rows.reverse()) console.log(lineOf(row));
    console.error(`messages: ${rows.length} shown (newest last); data in ${config.dataDir}`);
  } else if (command === 'show') {
    const row = service.ingestor.log.get(idOf(rest[0]));
    if (!row) fail(`no message #${rest[0]} in the log`);
    console.error(lineOf(row));
    if (!row.body) fail(`message #${row.id}: its bytes are not kept`);
    process.stdout.write(row.body);
  } else if (command === 'replay') {
    const chosen = rest.length > 0 ? rest.map(idOf) : undefined;
    if (!chosen && !parsed.values.outcome && !parsed.values.type && !parsed.values.code)
      fail('replay needs ids, or a filter (--outcome, --type, --code) to choose messages by');
    const lines = replayMessages(service.ingestor, chosen ?? selectedIds(service.ingestor, filter));
    for (const line of lines) console.log(`#${line.id}: ${line.outcome}: ${line.detail}`);
    const refused = lines.filter(
      (line) => line.outcome !== 'stored' && line.outcome !== 'unchanged' && line.outcome !== 'ignored',
    );
    console.error(`messages: ${lines.length} replayed, ${lines.length - refused.length} taken, ${refused.length} not`);
    process.exitCode = refused.length > 0 ? 1 : 0;
  } else {
    fail(command ? `unknown command "${command}"` : 'a command is needed');
  }
} finally {
  service.close();
}

function idOf(text: string | undefined): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) fail(`"${text ?? ''}" is not a message id`);
  return id;
}

function filterOf(values: Record<string, string | boolean | undefined>): MessageFilter {
  const text = (key: string) => (typeof values[key] === 'string' ? values[key] : undefined);
  const outcome = text('outcome');
  if (outcome !== undefined && !isMessageOutcome(outcome)) fail(`"${outcome}" is not an outcome`);
  const limit = text('limit');
  if (limit !== undefined && !(Number.isInteger(Number(limit)) && Number(limit) > 0))
    fail(`--limit must be a positive whole number, not "${limit}"`);
  const since = text('since');
  return {
    ...(outcome ? { outcome } : {}),
    ...(text('type') ? { type: text('type')! } : {}),
    ...(text('code') ? { code: text('code')! } : {}),
    ...(since ? { since: sinceOf(since) } : {}),
    ...(limit ? { limit: Number(limit) } : {}),
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
  if (Number.isNaN(time.getTime())) fail(`--since must be an ISO time or an age such as 6h, not "${text}"`);
  return time.toISOString();
}

function lineOf(row: MessageRow): string {
  const what = row.type ? `${row.type} ${row.code ?? ''} v${row.version ?? '?'}` : '(no envelope)';
  const why = row.reason ? `: ${row.reason}` : '';
  const kept = row.kept ? '' : ' [bytes not kept]';
  return `#${row.id} ${row.receivedAt} ${row.outcome} ${what} ${row.size} B from ${row.source}${kept}${why}`;
}
