/**
 * Issue 17, item 3: a sport is one folder. One sport of each kind the editors' guide names is copied
 * under a fresh code into a copy of the project, and there the editor's commands run as a new user
 * runs them: `sports:check`, `codegen`, and the render tests of tests/sports/views.test.ts for the new
 * codes (every declared tab and page drawn from the new sports' demo games, in three languages).
 * Nothing outside the new folders is edited.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sportFolders } from '../../codegen/load';
import { NOT_A_SPORT_CODE } from '../../src/core/sports/vocabulary';
import { copyProject, removeProjectCopy, tsx, vitest } from '../support/projectCopy';

/** A race, a team ball game, a combat sport and a judged sport (sports/README.md, "Add a sport"). */
const ORIGINALS = ['SWM', 'BKB', 'JUD', 'GAR'];
/** Codes no folder has and that are not reserved, in a stable order. */
function freshCodes(count: number): string[] {
  const taken = new Set([...sportFolders(), NOT_A_SPORT_CODE]);
  const codes: string[] = [];
  for (let i = 0; codes.length < count; i += 1) {
    const code = `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
    if (!taken.has(code)) codes.push(code);
  }
  return codes;
}

/** Copies sports/<from> to sports/<to> in the tree, the code replaced in every file of the folder. */
function copySport(tree: string, from: string, to: string): void {
  const target = join(tree, 'sports', to);
  cpSync(join(tree, 'sports', from), target, { recursive: true });
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  for (const file of files(target)) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));
}

describe('a sport copied under a fresh code', () => {
  const codes = freshCodes(ORIGINALS.length);
  let tree: string;

  beforeAll(() => {
    tree = copyProject('podium-copy-');
    ORIGINALS.forEach((from, i) => copySport(tree, from, codes[i]!));
  });
  afterAll(() => removeProjectCopy(tree));

  it('passes sports:check with no other edit', () => {
    const { status, stdout, stderr } = tsx(tree, 'codegen/sportsCheck.ts');
    expect(`${stdout}${stderr}`).toContain(`${sportFolders().length + codes.length} sport plugin(s) valid`);
    expect(status).toBe(0);
  });

  it('is in the registry codegen writes, and the generated files are then current', () => {
    const generate = tsx(tree, 'codegen/main.ts');
    expect(generate.status, generate.stderr).toBe(0);
    const registered = readFileSync(join(tree, 'src/generated/sportCodes.ts'), 'utf8');
    for (const code of codes) expect(registered).toContain(`"${code}"`);
    const check = tsx(tree, 'codegen/main.ts', '--check');
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('renders every tab and page it declares, from the demo games, in every language', () => {
    const {
      status,
      stdout,
      stderr,
      report: results,
    } = vitest(tree, ['tests/sports/views.test.ts', '--testNamePattern', `^(${codes.join('|')}) `], {
      // The demo games of the new sports only: seconds, not the whole games' most of a minute.
      PODIUM_DEMO_SPORTS: codes.join(','),
    });
    const passed = results.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status === 'passed')
      .map((test) => test.fullName.slice(0, 3));
    expect(results.numFailedTests, `${stdout}${stderr}`.slice(-4000)).toBe(0);
    // Two tests per sport (unit tabs; sport-level pages), none skipped or filtered away.
    for (const code of codes)
      expect(
        passed.filter((c) => c === code),
        code,
      ).toHaveLength(2);
    expect(status).toBe(0);
  }, 900_000);
});
