/**
 * `npm run ingest -- <files or folders>`: ingests ODF messages into the store in PODIUM_DATA
 * (default ./data). One line per message that is not stored as new, a summary at the end; exit 1
 * when any message was rejected.
 */
import { readConfig } from '../config';
import { listMessageFiles, readMessage } from '../odf/files';
import { openService, serviceOptions } from '../service';

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: npm run ingest -- <files or folders of ODF XML>');
  process.exit(2);
}
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
for (const file of files) {
  const result = service.ingestor.ingest(readMessage(file), file, { deferDerive: true });
  counts[result.outcome] += 1;
  if (result.outcome === 'rejected') console.log(`${file}: rejected: ${result.error.message}`);
  else if (result.outcome !== 'stored') console.log(`${file}: ${result.outcome}: ${result.reason}`);
}
service.ingestor.flush();
service.close();
const ms = Math.round(performance.now() - started);
console.error(
  `ingest: ${files.length} message(s) in ${ms} ms: ${counts.stored} stored, ${counts.unchanged} unchanged, ${counts.ignored} ignored (older), ${counts.rejected} rejected; data in ${config.dataDir}`,
);
process.exitCode = counts.rejected > 0 ? 1 : 0;
