import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileLegend, LEGEND_MATCH_INPUT_LIMIT } from '../../src/core/legend/match';
import type { ResolvedLegendEntry } from '../../src/core/sports/types';
import { LEGEND_KEYS, LEGEND_MODULES } from '../../src/core/sports/vocabulary';

const text = { zh_CN: '说明', zh_HK: '説明', en_US: 'Description' };
const entry = (over: Partial<ResolvedLegendEntry>): ResolvedLegendEntry => ({
  title: 'X',
  code: 'X',
  key: 'IRM',
  module: ['result'],
  entity: '@IRM',
  description: text,
  ...over,
});

const legend = [
  entry({ title: 'DNS', code: 'DNS' }),
  entry({ title: 'Q', code: 'Q', key: 'QualificationMark', entity: '@QualificationMark', often: true }),
  entry({ title: 'q', code: 'q', key: 'QualificationMark', entity: '@QualificationMark', module: ['summary'] }),
  entry({ title: 'WR', code: 'WR', key: 'RecordType', entity: 'CUSTOM' }),
  entry({ title: 'YC', code: 'YC', key: 'Card', entity: '@Entry', rscRegx: '^ATH' }),
  entry({ title: '=', code: 'EQ', key: 'Value', field: 'RankEqual', ruleRegx: '^Y$', entity: 'CUSTOM' }),
  entry({ title: 'LAP', code: 'LAPPED', key: 'Value', ruleRegx: '^-?[0-9]{0,2} ?LAPS?$', entity: 'CUSTOM' }),
];
const matcher = compileLegend(legend);
const titles = (entries: readonly ResolvedLegendEntry[]) => entries.map((e) => e.title);

describe('legend matcher', () => {
  it('matches codes on the field the key names', () => {
    // A record as the ODF dictionaries give it (Athletics SOG-2024-ATH-3.4, DT_RESULT): `Code` is the
    // record's event RSC, `RecordType` the mark a spectator knows.
    const record = { Order: '1', Code: 'ATHM100M--------------------------', RecordType: 'WR' };
    const row = { IRM: 'DNS', QualificationMark: 'Q', RecordIndicators: [{ RecordIndicator: [record] }] };
    expect(titles(matcher.match(row, { module: 'result' }))).toEqual(['DNS', 'Q', 'WR']);
  });

  it('shows a mark only in the views its module lists', () => {
    expect(titles(matcher.match({ QualificationMark: 'q' }, { module: 'result' }))).toEqual([]);
    expect(titles(matcher.match({ QualificationMark: 'q' }, { module: 'summary' }))).toEqual(['q']);
  });

  it('limits a mark with rscRegx to matching events', () => {
    const row = { ExtendedResults: [{ ExtendedResult: [{ Type: 'ER', Code: 'SANCTION', Value: 'YC' }] }] };
    expect(titles(matcher.match(row, { module: 'result', eventCode: 'ATHM100M' }))).toEqual(['YC']);
    expect(titles(matcher.match(row, { module: 'result', eventCode: 'SWMM100M' }))).toEqual([]);
  });

  it("finds a team's cards on its players, as football's dictionary counts them", () => {
    const team = {
      Competitor: [{ Composition: [{ Athlete: [{ StatsItems: [{ StatsItem: [{ Code: 'YC', Value: '1' }] }] }] }] }],
    };
    expect(titles(matcher.match(team, { module: 'result', eventCode: 'ATHM100M' }))).toEqual(['YC']);
  });

  it('tests ruleRegx on the raw value of the entry field', () => {
    expect(titles(matcher.match({ RankEqual: 'Y' }, { module: 'result' }))).toEqual(['=']);
    expect(titles(matcher.match({ RankEqual: 'N' }, { module: 'result' }))).toEqual([]);
    expect(titles(matcher.match({ Result: '-1 LAP' }, { module: 'result' }))).toEqual(['LAP']);
    expect(titles(matcher.match({ Result: '12:01.5' }, { module: 'result' }))).toEqual([]);
  });

  it('collects only the marks that appear, plus those flagged often, in legend order', () => {
    const rows = [{ IRM: 'DNS' }, { Result: '2 LAPS' }];
    expect(titles(matcher.collect(rows, { module: 'result' }))).toEqual(['DNS', 'Q', 'LAP']);
    expect(titles(matcher.collect([], { module: 'summary' }))).toEqual([]);
  });

  it('sets aside an entry whose pattern does not compile instead of failing', () => {
    const broken = compileLegend([entry({ code: 'B', ruleRegx: '(' }), entry({ code: 'DNS' })]);
    expect(broken.broken.map((e) => e.code)).toEqual(['B']);
    expect(broken.match({ IRM: 'DNS' }, { module: 'result' }).map((e) => e.code)).toEqual(['DNS']);
  });
});

describe('legend matcher on arbitrary input (properties)', () => {
  afterEach(() => vi.restoreAllMocks());

  const arbitraryEntry: fc.Arbitrary<ResolvedLegendEntry> = fc.record({
    title: fc.string({ minLength: 1, maxLength: 4 }),
    code: fc.string({ minLength: 1, maxLength: 4 }),
    key: fc.constantFrom(...LEGEND_KEYS),
    module: fc.subarray([...LEGEND_MODULES], { minLength: 1 }),
    entity: fc.constant('CUSTOM' as const),
    description: fc.constant(text),
    ruleRegx: fc.option(fc.constantFrom('^Y$', '^[0-9]+$', 'LAP', '(', 'a|b'), { nil: undefined }),
  });

  it('never throws on arbitrary rows and contexts', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryEntry, { maxLength: 6 }),
        fc.array(fc.jsonValue(), { maxLength: 5 }),
        fc.constantFrom(...LEGEND_MODULES),
        fc.option(fc.string(), { nil: undefined }),
        (entries, rows, module, eventCode) => {
          const m = compileLegend(entries);
          for (const row of rows) m.match(row, { module, ...(eventCode === undefined ? {} : { eventCode }) });
          m.collect(rows, { module });
        },
      ),
    );
  });

  it('tests patterns on at most the bounded prefix of a long value', () => {
    const seen: number[] = [];
    const test = RegExp.prototype.test;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
      seen.push(input.length);
      return test.call(this, input);
    });
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 5000 }), fc.nat(200_000), (value, extra) => {
        const long = value + 'x'.repeat(extra);
        const m = compileLegend([entry({ key: 'Value', ruleRegx: '^x*y$', rscRegx: 'x' })]);
        m.match({ Result: long }, { module: 'result', eventCode: long });
      }),
      { numRuns: 50 },
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeLessThanOrEqual(LEGEND_MATCH_INPUT_LIMIT);
  });
});
