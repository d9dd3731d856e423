/**
 * `npm run coverage -- [--json] [--sport CODE] [--shown]`: the feed coverage of the store in
 * PODIUM_DATA (issue 25), the sport editors' worklist. Per sport and message type, every kind of
 * value the stored messages carry: under "More" (no layout shows it) with count and an example
 * message, hidden on purpose with the plugin's reason, and a count of those shown (`--shown` lists
 * them with the tab or page and part that shows each). `--json` prints the whole report, for CI.
 * Exit 0 whatever it finds: it is a report, not a check.
 */
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { buildCoverageReport } from '../coverage/buildReport';
import { worklistText } from '../coverage/worklist';
import { openService, serviceOptions } from '../service';

const USAGE = 'usage: npm run coverage -- [--json] [--sport CODE] [--shown]';

let values;
try {
  ({ values } = parseArgs({
    options: { json: { type: 'boolean' }, sport: { type: 'string' }, shown: { type: 'boolean' } },
  }));
} catch (error) {
  console.error(`coverage: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const sport = values.sport?.trim().toUpperCase();
const service = await openService(serviceOptions(readConfig()));
try {
  const report = await buildCoverageReport(service, sport ? { sport } : {});
  console.log(
    values.json ? JSON.stringify(report, null, 2) : worklistText(report, { listShown: values.shown === true }),
  );
} finally {
  service.close();
}
