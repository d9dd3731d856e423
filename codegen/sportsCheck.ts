/**
 * `npm run sports:check [files...]`: validates sport plugins and the shared sets they reference
 * (all of sports/ when no file is given). One line per problem, `file: /json/pointer: message`;
 * exit 1 when there is any. Example values no layout reads are warnings on stderr (`file:
 * /xpath/@Attr: warning: ...`), so stdout stays the problems and warnings never change the exit code.
 */
import { resolve } from 'node:path';
import { exampleWarnings } from './exampleWarnings';
import { formatProblem } from './problems';
import { readCommand } from '../src/server/cli/args';
import { checkPlugins } from './validate';

const SPORTS_CHECK = {
  script: 'sports:check',
  summary: 'Validates sport plugins and the shared sets they reference; exit 1 when there is a problem.',
  args: [
    { name: 'files', description: 'the plugin files to check (all of sports/ when none)', optional: true, many: true },
  ],
} as const;

const files = readCommand(SPORTS_CHECK).args[0].map((file) => resolve(file));
const { problems, sports, warnings } = checkPlugins(files, { warn: exampleWarnings });
for (const warning of warnings) console.error(formatProblem(warning));
for (const problem of problems) console.log(formatProblem(problem));
// On failure the lines are the whole answer (one per problem) and the exit code says it failed.
if (problems.length > 0) process.exit(1);
console.error(
  `sports:check: ${sports.size} sport plugin(s) valid${warnings.length ? `; ${warnings.length} example value(s) shown under More (warnings)` : ''}`,
);
