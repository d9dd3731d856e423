/**
 * `npm run demo:coverage`: per sport, how many units, documents of each type and PDFs the store
 * (PODIUM_DATA, the demo games after a first `npm start`) holds, and which declared tab or page of
 * its plugin has no data; then the feed coverage of the demo's documents and of the sport's examples:
 * values read by a layout, hidden on purpose, and under "More" with their signatures. A demo value
 * under "More" is a gap (the demo sends it, no layout shows it, no mark hides it); the examples'
 * are the editors' worklist. Exit 1 when a tab or page has no data or the demo has a gap.
 */
import { join } from 'node:path';
import { readConfig } from '../config';
import { demoCoverage } from '../demo/coverage';
import { ingestDemoGames } from '../demo/load';
import { formatTally } from '../demo/feedCoverage';
import { openService, serviceOptions } from '../service';
import { readCommand } from './args';
import { ROOT_DIR } from './paths';

readCommand({
  script: 'demo:coverage',
  summary: 'Per sport: units, documents and PDFs in the store, declared tabs without data, and feed coverage.',
} as const);
const config = readConfig();
const service = await openService(serviceOptions(config));
if ((service.db.prepare('SELECT count(*) AS n FROM documents WHERE derived = 0').get() as { n: number }).n === 0) {
  console.error(`demo:coverage: the store in ${config.dataDir} is empty; loading the demo games first ...`);
  ingestDemoGames(service);
}
const rows = demoCoverage(service.sports, service.store, service.db, join(ROOT_DIR, 'sports'));
let gaps = 0;
let feedGaps = 0;
for (const row of rows) {
  const documents = Object.entries(row.documents)
    .map(([type, n]) => `${type.replace(/^DT_/, '')} ${n}`)
    .join(', ');
  gaps += row.missing.length;
  console.log(
    `${row.code}  units ${row.units}  PDFs ${row.reports}  ${documents}${row.missing.length ? `  NO DATA: ${row.missing.join(', ')}` : ''}`,
  );
  feedGaps += row.feed.more;
  for (const line of [...formatTally('demo feed', row.feed), ...formatTally('examples', row.examples)])
    console.log(line);
}
console.log(`demo:coverage: ${rows.length} sports, ${gaps} declared tab(s) or page(s) without data`);
console.log(`demo:coverage: ${feedGaps} demo feed value(s) under More (gaps: show them or hide them with a reason)`);
service.close();
process.exitCode = gaps > 0 || feedGaps > 0 ? 1 : 0;
