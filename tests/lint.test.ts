import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

describe('the house rule: src/ knows no sport', () => {
  const eslint = new ESLint();
  const lint = async (code: string, filePath = 'src/core/probe.ts') =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');

  it('refuses a comparison or a switch case on a sport code in src/', async () => {
    expect(await lint("export const f = (c: string) => c === 'SWM';\n")).toHaveLength(1);
    expect(
      await lint("export const f = (c: string) => { switch (c) { case 'BKB': return 1; } return 0; };\n"),
    ).toHaveLength(1);
  });

  it('lets other three-letter codes and tests pass', async () => {
    expect(await lint("export const f = (c: string) => c === 'ENG' || c === 'CHI';\n")).toHaveLength(0);
    expect(await lint("export const f = (c: string) => c === 'SWM';\n", 'tests/probe.test.ts')).toHaveLength(0);
  });
});
