import { describe, expect, it } from 'vitest';
import { csvRecords, parseMedalImport, type ImportContext } from '../../src/server/medalImport';

/**
 * Issue 15, item 3: negative counts and unknown delegations were accepted and shown publicly (a
 * delegation at -494 gold, a made-up code ranked first), and 70,000 invented codes made the medal
 * table 20 MB. The games' delegations and medals here are the context an import is checked against.
 */
const context: ImportContext = {
  delegations: new Set(['SHH', 'GDG', 'BEJ']),
  fromMedallists: (organisation) =>
    organisation === 'GDG' ? { gold: 3, silver: 1, bronze: 0 } : { gold: 0, silver: 0, bronze: 0 },
  maxPerColour: 40,
};
const csv = (text: string) => parseMedalImport(text, 'text/csv', context);

describe('a medal import', () => {
  it('refuses a correction that would leave a count below zero, or above what the games can give', () => {
    const { corrections, errors } = csv('organisation,gold,silver,bronze\nSHH,-494,0,0\nGDG,-3,0,0\nBEJ,0,39,41\n');
    expect(corrections).toEqual([]);
    expect(errors.map((e) => e.row)).toEqual([2, 4]);
    expect(errors[0]!.message).toMatch(/gold "-494" is not a whole number within ±40/);
    expect(errors[1]!.message).toMatch(/bronze "41" is not a whole number within ±40/);
    expect(csv('organisation,gold,silver,bronze\nSHH,-1,0,0\n').errors[0]!.message).toBe(
      'gold -1 would leave 0 gold from the medallists at -1',
    );
    // GDG holds 3 gold from its medallists: taking 3 away is a correction, not nonsense.
    expect(csv('organisation,gold,silver,bronze\nGDG,-3,0,0\n').corrections).toEqual([
      { organisation: 'GDG', gold: -3, silver: 0, bronze: 0 },
    ]);
    expect(csv('organisation,gold,silver,bronze\nGDG,38,0,0\n').errors[0]!.message).toMatch(/would make 41 gold/);
  });

  it('refuses a code that is not a delegation of these games', () => {
    const { errors } = csv('organisation,gold,silver,bronze\nZZZ,1,0,0\n');
    expect(errors).toEqual([{ row: 2, message: 'organisation ZZZ is not a delegation of these games' }]);
  });

  it('refuses a file of more rows than the games has delegations, in one line', () => {
    const rows = Array.from({ length: 70_000 }, (_, i) => `X${i},1,0,0`).join('\n');
    const { corrections, errors } = csv(`organisation,gold,silver,bronze\n${rows}\n`);
    expect(corrections).toEqual([]);
    expect(errors).toEqual([
      { row: 0, message: 'the import has 70000 rows; these games have 3 delegations, each at most once' },
    ]);
    const json = parseMedalImport(
      JSON.stringify(Array.from({ length: 5 }, () => ({ organisation: 'SHH', gold: 1, silver: 0, bronze: 0 }))),
      'application/json',
      context,
    );
    expect(json.errors).toHaveLength(1);
  });

  it('takes quoted fields, a byte-order mark and Windows line ends, as spreadsheets export them', () => {
    const exported = '\uFEFF"Organisation","Gold","Silver","Bronze"\r\n"SHH","1","0","2"\r\n"GDG",0,"1",0\r\n';
    expect(csv(exported)).toEqual({
      corrections: [
        { organisation: 'SHH', gold: 1, silver: 0, bronze: 2 },
        { organisation: 'GDG', gold: 0, silver: 1, bronze: 0 },
      ],
      errors: [],
    });
    expect(csvRecords('a,"b, with a comma","c ""quoted"""\n"multi\nline",2,3')).toEqual([
      ['a', 'b, with a comma', 'c "quoted"'],
      ['multi\nline', '2', '3'],
    ]);
  });

  it('lists at most a hundred row errors, then says how many more', () => {
    const many: ImportContext = { ...context, delegations: new Set(Array.from({ length: 300 }, (_, i) => `D${i}`)) };
    const rows = Array.from({ length: 250 }, (_, i) => `D${i},x,0,0`).join('\n');
    const { errors } = parseMedalImport(`organisation,gold,silver,bronze\n${rows}`, 'text/csv', many);
    expect(errors).toHaveLength(101);
    expect(errors[100]).toEqual({ row: 0, message: 'and 150 more rows with errors' });
  });
});
