/**
 * `npm run coverage -- [--json] [--sport CODE] [--shown]`: the feed coverage of the store in
 * PODIUM_DATA (issue 25), the sport editors' worklist. Per sport and message type, every kind of
 * value the stored messages carry: under "More" (no layout shows it) with count and an example
 * message, hidden on purpose with the plugin's reason, and a count of those shown (`--shown` lists
 * them with the tab or page and part that shows each). `--json` prints the whole report, for CI.
 * Exit 0 whatever it finds: it is a report, not a check.
 */
import { readConfig } from '../config';
import { buildCoverageReport } from '../coverage/buildReport';
import { worklistText } from '../coverage/worklist';
import { openService, serviceOptions } from '../service';
import { readCommand } from './args';

const COVERAGE = {
  script: 'coverage',
  summary: "The sport editors' worklist: per sport and message type, the values no layout shows.",
  flags: {
    json: { type: 'boolean', description: 'prints the whole report as JSON, for CI' },
    sport: { type: 'string', value: 'CODE', description: 'one sport only, by its code' },
    shown: {
      type: 'boolean',
      description: 'lists the values shown too, with the tab or page and part that shows each',
    },
  },
} as const;

const { flags: values } = readCommand(COVERAGE);
const sport = values.sport?.trim().toUpperCase();
const service = await openService(serviceOptions(readConfig()));
try {
  const report = await buildCoverageReport(service, sport ? { sport } : {});
  console.log(values.json ? JSON.stringify(report, null, 2) : worklistText(report, { listShown: values.shown }));
} finally {
  service.close();
}
