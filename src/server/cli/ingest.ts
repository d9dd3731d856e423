/**
 * `npm run ingest -- <files or folders>`: ingests ODF messages into the store in PODIUM_DATA
 * (default ./data). One line per message that is not stored as new, a summary at the end; exit 1
 * when any message was rejected. On a terminal, progress while it works (stderr); without one
 * (CI logs, pipes) just those lines, as before.
 */
import { readConfig } from '../config';
import { listMessageFiles, readMessage } from '../odf/files';
import { startElapsed } from '../progress/elapsed';
import { startProgress } from '../progress/progress';
import { openService, serviceOptions } from '../service';
import { readCommand } from './args';

const INGEST = {
  script: 'ingest',
  summary: 'Ingests ODF messages into the store in PODIUM_DATA; exit 1 when any is rejected.',
  args: [{ name: 'files or folders', description: 'ODF XML files, or folders of them', many: true }],
} as const;

const [paths] = readCommand(INGEST).args;
const config = readConfig();
const service = await openService(serviceOptions(config));
const started = performance.now();
const counts = { stored: 0, unchanged: 0, ignored: 0, rejected: 0 };
let files: string[];
try {
  files = listMessageFiles(paths);
} catch (error) {
  console.error(`ingest: ${(error as Error).message}`);
  process.exit(2);
}
// The summary line below already closes the work in a log: progress is for a person watching.
const onTerminal = process.stderr.isTTY === true;
const progress = onTerminal ? startProgress({ task: 'ingest', unit: 'messages' }, files.length) : null;
const say = (line: string) => (progress ? progress.print(line, process.stdout) : console.log(line));
for (const file of files) {
  const result = service.ingestor.ingest(readMessage(file), file, { deferDerive: true });
  counts[result.outcome] += 1;
  if (result.outcome === 'rejected') say(`${file}: rejected: ${result.error.message}`);
  else if (result.outcome !== 'stored') say(`${file}: ${result.outcome}: ${result.reason}`);
  progress?.advance();
}
progress?.done();
const deriving = onTerminal ? startElapsed('rebuilding the derived documents') : null;
service.ingestor.flush();
deriving?.done();
service.close();
const ms = Math.round(performance.now() - started);
console.error(
  `ingest: ${files.length} message(s) in ${ms} ms: ${counts.stored} stored, ${counts.unchanged} unchanged, ${counts.ignored} ignored (older), ${counts.rejected} rejected; data in ${config.dataDir}`,
);
process.exitCode = counts.rejected > 0 ? 1 : 0;
