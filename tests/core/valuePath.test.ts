import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileValuePath,
  parseValuePath,
  printValuePath,
  tryParseValuePath,
  VALUE_PATH_MAX_LENGTH,
  VALUE_PATH_PATTERN,
  type PathFilter,
  type ValuePath,
} from '../../src/core/valuePath';

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const value = fc.stringMatching(/^[^\s[\]=&]{1,8}$/);
const filter: fc.Arbitrary<PathFilter> = fc.oneof(
  fc.integer({ min: -9999, max: 9999 }).map((index) => ({ kind: 'index' as const, index })),
  fc
    .array(fc.record({ attribute: name, value }), { minLength: 1, maxLength: 3 })
    .map((conditions) => ({ kind: 'match' as const, conditions })),
);
/** Paths within the length limit (the parser refuses longer ones, as the schema's maxLength does). */
const path: fc.Arbitrary<ValuePath> = fc
  .array(fc.record({ name, filters: fc.array(filter, { maxLength: 3 }) }), { minLength: 1, maxLength: 5 })
  .map((segments) => ({ segments }))
  .filter((p) => printValuePath(p).length <= VALUE_PATH_MAX_LENGTH);

describe('value path parser', () => {
  it('parses names, index and match filters', () => {
    expect(parseValuePath('ExtendedResults.ExtendedResult[Type=PROGRESS&Pos=1][-1].Value')).toEqual({
      segments: [
        { name: 'ExtendedResults', filters: [] },
        {
          name: 'ExtendedResult',
          filters: [
            {
              kind: 'match',
              conditions: [
                { attribute: 'Type', value: 'PROGRESS' },
                { attribute: 'Pos', value: '1' },
              ],
            },
            { kind: 'index', index: -1 },
          ],
        },
        { name: 'Value', filters: [] },
      ],
    });
  });

  it.each([
    ['', 0],
    ['Rank[', 5],
    ['Rank.', 5],
    ['1Rank', 0],
    ['Rank[Code]', 9],
    ['Rank[Code=]', 10],
    ['Rank[Code=A B]', 11],
    ['Rank..Value', 5],
    ['Rank Value', 4],
    ['Result[1&Code=X]', 7],
  ])('rejects %j at position %i', (source, position) => {
    const parsed = tryParseValuePath(source);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.position).toBe(position);
  });

  it('prints what parses back to the same path (property)', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(parseValuePath(printValuePath(p))).toEqual(p);
      }),
    );
  });

  it('refuses a path over the length limit', () => {
    const long = Array.from({ length: 60 }, () => 'Abcde').join('.');
    expect(long.length).toBeGreaterThan(VALUE_PATH_MAX_LENGTH);
    expect(tryParseValuePath(long).ok).toBe(false);
  });

  it('agrees with the JSON Schema pattern on arbitrary text (property)', () => {
    const pattern = new RegExp(VALUE_PATH_PATTERN);
    const text = fc.stringMatching(/^[A-Za-z0-9_.[\]=&\- ]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(text, path.map(printValuePath)), (source) => {
        expect(tryParseValuePath(source).ok).toBe(pattern.test(source));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('value path evaluation', () => {
  const row = {
    Rank: '1',
    Competitor: [{ Code: 'X1', Description: [{ TeamName: 'Guangdong' }] }],
    ExtendedResults: [
      {
        ExtendedResult: [
          { Type: 'PROGRESS', Code: 'INTERMEDIATE', Pos: '1', Value: '25.10' },
          { Type: 'PROGRESS', Code: 'INTERMEDIATE', Pos: '2', Value: '52.40' },
          { Type: 'ER', Code: 'REACTION_TIME', Value: '0.61' },
        ],
      },
    ],
  };

  it('steps through arrays and filters by attribute and index', () => {
    expect(compileValuePath('Competitor.Description.TeamName').text(row)).toBe('Guangdong');
    expect(compileValuePath('ExtendedResults.ExtendedResult[Code=REACTION_TIME].Value').text(row)).toBe('0.61');
    expect(compileValuePath('ExtendedResults.ExtendedResult[Code=INTERMEDIATE].Value').all(row)).toEqual([
      '25.10',
      '52.40',
    ]);
    expect(compileValuePath('ExtendedResults.ExtendedResult[Code=INTERMEDIATE][-1].Value').text(row)).toBe('52.40');
    expect(compileValuePath('ExtendedResults.ExtendedResult[Type=PROGRESS&Pos=2].Value').text(row)).toBe('52.40');
    expect(compileValuePath('Rank').text(row)).toBe('1');
  });

  it('keeps items matching any of the alternatives a value lists', () => {
    // Football's dictionary counts cards per kind: StatsItem YC, YRC and RC.
    const player = {
      StatsItems: [
        {
          StatsItem: [
            { Code: 'MINS', Value: '90' },
            { Code: 'YC', Value: '1' },
            { Code: 'YRC', Value: '1' },
          ],
        },
      ],
    };
    expect(compileValuePath('StatsItems.StatsItem[Code=YC|YRC|RC].Code').all(player)).toEqual(['YC', 'YRC']);
    expect(compileValuePath('StatsItems.StatsItem[Code=RC].Code').all(player)).toEqual([]);
    expect(compileValuePath('StatsItems.StatsItem[Code=YC|].Code').all(player)).toEqual(['YC']);
  });

  it('finds nothing, rather than throwing, where nothing is', () => {
    expect(compileValuePath('Missing.Value').all(row)).toEqual([]);
    expect(compileValuePath('Rank.Deeper').text(row)).toBeUndefined();
    expect(compileValuePath('constructor').all({})).toEqual([]);
    expect(compileValuePath('__proto__').all({})).toEqual([]);
  });

  it('never throws on arbitrary JSON (property)', () => {
    fc.assert(
      fc.property(path, fc.jsonValue(), (p, node) => {
        const accessor = compileValuePath(p);
        expect(Array.isArray(accessor.all(node))).toBe(true);
        accessor.text(node);
      }),
    );
  });
});
