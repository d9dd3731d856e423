/**
 * Issue 17, item 2: a new cell kind is one folder. In a copy of the project a developer adds
 * src/cells/percent/ (its cell.ts and its test) and its row in the editors' guide, a plugin's column
 * names it, and the commands run as a new user runs them: sports:check refuses the kind until
 * `npm run codegen` has read the folder; then the plugins validate, the generated files are current,
 * the kind's own test and the folder checks pass, and the sport's tabs draw with it. Nothing else is
 * edited.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, removeProjectCopy, tsx, vitest } from '../support/projectCopy';

const KIND = 'percent';

const CELL = `import { defineCell } from '../definition';
import { EMPTY, scalars } from '../values';

/** A share in per cent: the value with its sign. */
export default defineCell({
  sort: 'number',
  priority: 'secondary',
  project: (values) => {
    const value = scalars(values)[0];
    return value ? \`\${value}%\` : EMPTY;
  },
});
`;

const TEST = `import { describe, expect, it } from 'vitest';
import { CELLS, draw, element, project } from '../cellTesting';

describe('the percent cell', () => {
  it('shows a share with its sign, sorted as a number', () => {
    expect(project('percent', 'Value', element('<StatsItem Code="FG_PCT" Value="52.3"/>'))).toBe('52.3%');
    expect(project('percent', 'Value', element('<StatsItem Code="FG_PCT"/>'))).toBe('');
    expect(draw('percent', '52.3%')).toBe('52.3%');
    expect(CELLS.percent.sort).toBe('number');
  });
});
`;

describe('a cell kind added as a folder', () => {
  let tree: string;

  beforeAll(() => {
    tree = copyProject('podium-cell-');
    mkdirSync(join(tree, 'src/cells', KIND));
    writeFileSync(join(tree, 'src/cells', KIND, 'cell.ts'), CELL);
    writeFileSync(join(tree, 'src/cells', KIND, 'cell.test.tsx'), TEST);
    const guide = join(tree, 'sports/README.md');
    writeFileSync(
      guide,
      readFileSync(guide, 'utf8').replace(
        /^(\| `periods` .*\n)/m,
        `$1| \`${KIND}\` | a share in per cent | number | secondary |\n`,
      ),
    );
    // A swimming column now names the kind (a fixture for the mechanism, not a proposal for swimming).
    const plugin = join(tree, 'sports/SWM/sport.json');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').replace('"cell": "number"', `"cell": "${KIND}"`));
  });
  afterAll(() => removeProjectCopy(tree));

  it('is refused by sports:check until codegen has read the folder', () => {
    const { status, stdout, stderr } = tsx(tree, 'codegen/sportsCheck.ts');
    expect(status).not.toBe(0);
    expect(`${stdout}${stderr}`).toContain(KIND);
  });

  it('is in the kinds and registries codegen writes; the plugins then validate and the files are current', () => {
    const generate = tsx(tree, 'codegen/main.ts');
    expect(generate.status, generate.stdout + generate.stderr).toBe(0);
    expect(readFileSync(join(tree, 'src/generated/cellKinds.ts'), 'utf8')).toContain(`"${KIND}"`);
    expect(readFileSync(join(tree, 'src/generated/cells.ts'), 'utf8')).toContain(`from '../cells/${KIND}/cell'`);
    expect(readFileSync(join(tree, 'src/generated/cellViews.tsx'), 'utf8')).toContain(`${KIND}: plainView,`);
    expect(tsx(tree, 'codegen/main.ts', '--check').status).toBe(0);
    const check = tsx(tree, 'codegen/sportsCheck.ts');
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('passes its own test and the folder checks, and the sport naming it draws every tab', () => {
    const { report, stdout, stderr } = vitest(
      tree,
      [
        `src/cells/${KIND}`,
        'tests/cells/cellFolders.test.tsx',
        'tests/sports/views.test.ts',
        '--testNamePattern',
        '^(SWM |the percent cell|cell folders)',
      ],
      // The demo games of swimming only: seconds, not the whole games' most of a minute.
      { PODIUM_DEMO_SPORTS: 'SWM' },
    );
    const passed = report.testResults.flatMap((file) => file.assertionResults).filter((t) => t.status === 'passed');
    expect(report.numFailedTests + report.numFailedTestSuites, `${stdout}${stderr}`.slice(-4000)).toBe(0);
    expect(passed.filter((t) => t.fullName.startsWith('the percent cell'))).toHaveLength(1);
    expect(passed.filter((t) => t.fullName.startsWith('cell folders')).length).toBeGreaterThanOrEqual(6);
    expect(passed.filter((t) => t.fullName.startsWith('SWM '))).toHaveLength(2);
  }, 600_000);

  it('fails the folder checks with a file that is no part (a misspelt view)', () => {
    writeFileSync(join(tree, 'src/cells', KIND, 'veiw.tsx'), 'export default {};\n');
    const { report } = vitest(tree, ['tests/cells/cellFolders.test.tsx']);
    const failed = report.testResults.flatMap((file) => file.assertionResults).filter((t) => t.status === 'failed');
    expect(failed.map((t) => t.fullName)).toEqual([
      'cell folders hold only the parts a cell may have (a misspelt part would be left out silently)',
    ]);
  });
});
