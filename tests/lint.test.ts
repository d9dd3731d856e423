import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noSportCode, sportCodes } from '../eslint/rules/no-sport-code.js';

/** Issue 17, item 4: the core names no sport, whatever form the naming takes. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const options = [{ codes: ['SWM', 'BKB', 'ATH', 'TRI'] }];
const invalid = (code: string) => ({ code, options, errors: [{ messageId: 'named' as const }] });

tester.run('podium/no-sport-code', noSportCode, {
  valid: [
    { code: "const f = (c: string) => c === 'ENG' || c === 'CHI';", options },
    { code: 'const groups = /TEAM|TRIO|GROUP/;', options },
    { code: "const word = 'SHOT'; const athletes = 'ATHLETES';", options },
    { code: 'const isCode = /^[A-Z0-9]{3}$/;', options },
    { code: "const key = { name: 'x', Swm: 1 };", options },
    { code: 'const t = `${code}-----`;', options },
  ],
  invalid: [
    invalid("const f = (c: string) => c === 'SWM';"),
    invalid("const f = (c: string) => { switch (c) { case 'BKB': return 1; } return 0; };"),
    invalid("const f = (c: string) => ['SWM'].includes(c);"),
    invalid("const team = new Set(['BKB']);"),
    invalid('const layouts = { ATH: 1 };'),
    invalid("const layouts = { 'ATH': 1 };"),
    invalid('const race = /^ATH/;'),
    invalid("const race = new RegExp('(SWM|FOO)');"),
    invalid("const f = (c: string) => c.startsWith('SWM');"),
    invalid("const unit = 'SWMM100MFR------------FNL-000100--';"),
    invalid("const discipline = 'ATH-------------------------------';"),
    invalid('const f = (c: string) => `SWM${c}`;'),
  ],
});

describe('the house rule in the project configuration', () => {
  const eslint = new ESLint();
  const lint = async (code: string, filePath = 'src/core/probe.ts') =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'podium/no-sport-code');

  it('reads the sport codes from the folders of sports/', () => {
    expect(sportCodes()).toEqual(expect.arrayContaining(['SWM', 'ATH', 'BKB', 'WTL']));
    expect(sportCodes()).not.toContain('_shared');
  });

  it('applies to src/, not to tests', async () => {
    expect(await lint("export const f = (c: string) => ['SWM', 'ATH'].includes(c);\n")).toHaveLength(2);
    expect(await lint("export const f = (c: string) => c === 'SWM';\n", 'tests/probe.test.ts')).toHaveLength(0);
  });
});
