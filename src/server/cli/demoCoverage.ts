/**
 * `npm run demo:coverage`: per sport, how many units, documents of each type and PDFs the store
 * (PODIUM_DATA, the demo games after a first `npm start`) holds, and which declared tab or page of
 * its plugin has no data. Exit 1 when any has none.
 */
import { readConfig } from '../config';
import { demoCoverage } from '../demo/coverage';
import { ingestDemoGames } from '../demo/load';
import { openService, serviceOptions } from '../service';

const config = readConfig();
const service = await openService(serviceOptions(config));
if ((service.db.prepare('SELECT count(*) AS n FROM documents WHERE derived = 0').get() as { n: number }).n === 0) {
  console.error(`demo:coverage: the store in ${config.dataDir} is empty; loading the demo games first ...`);
  ingestDemoGames(service);
}
const rows = demoCoverage(service.sports, service.store, service.db);
let gaps = 0;
for (const row of rows) {
  const documents = Object.entries(row.documents)
    .map(([type, n]) => `${type.replace(/^DT_/, '')} ${n}`)
    .join(', ');
  gaps += row.missing.length;
  console.log(
    `${row.code}  units ${row.units}  PDFs ${row.reports}  ${documents}${row.missing.length ? `  NO DATA: ${row.missing.join(', ')}` : ''}`,
  );
}
console.log(`demo:coverage: ${rows.length} sports, ${gaps} declared tab(s) or page(s) without data`);
service.close();
process.exitCode = gaps > 0 ? 1 : 0;
