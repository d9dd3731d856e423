import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedSport } from '../../src/core/sports/types';
import {
  compareValues,
  firstRows,
  SERVER_TABLE_ROWS,
  WHOLE_TABLE_ROWS,
  timeSeconds,
  type BracketView,
  type TableView,
  type ViewContext,
} from '../../src/core/views';
import { legendMatcherOf } from '../../src/core/views/legendCache';
import { LEGEND_MODULES, LOCALE_IDS, NOT_A_SPORT_CODE } from '../../src/core/sports/vocabulary';
import { SPORT_CODES } from '../../src/generated/sportCodes';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { checkDocument } from '../../src/web/data/validate';
import { projectBracket } from '../../src/web/widgets/bracket/project';
import { projectView } from '../../src/web/widgets/projectView';
import { projectTable } from '../../src/web/widgets/table/project';

let sports: ResolvedSport[] = [];
beforeAll(async () => {
  sports = await Promise.all(SPORT_CODES.map(async (code) => (await sportLoaders[code]()).default));
});

/** Attribute values as feeds send them, and the hostile ones they should not. */
const value = fc.oneof(
  fc.constantFrom('', '1', '=2', 'DNS', 'Q', 'W', 'GR', '10.52', '1:02.34', '+0.15', 'BYE', 'Y', 'ME_GOLD'),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 200, maxLength: 400 }),
);
const NAMES = [
  'Rank',
  'Result',
  'IRM',
  'Code',
  'Pos',
  'WLT',
  'Bye',
  'Order',
  'Unit',
  'Value',
  'Type',
  'Language',
  'TeamName',
  'FamilyName',
  'GivenName',
  'Organisation',
  'QualificationMark',
  'RankEqual',
  'SortOrder',
  '__proto__',
  'constructor',
];
const CHILDREN = [
  'Competition',
  'Result',
  'Competitor',
  'Description',
  'Composition',
  'Athlete',
  'Bracket',
  'BracketItems',
  'BracketItem',
  'CompetitorPlace',
  'ExtendedResults',
  'ExtendedResult',
  'RecordIndicators',
  'RecordIndicator',
  'Periods',
  'Period',
  'Opponent',
  'Actions',
  'Action',
  'StatsItems',
  'StatsItem',
];

/** Normalised ODF: string attributes, and child elements always in arrays. */
const attributes = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 6 });
const { element } = fc.letrec<{ element: Record<string, unknown> }>((tie) => ({
  element: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'element' },
    attributes,
    fc
      .tuple(
        attributes,
        fc.dictionary(fc.constantFrom(...CHILDREN), fc.array(tie('element'), { maxLength: 3 }), { maxKeys: 3 }),
      )
      .map(([own, children]) => ({ ...own, ...children })),
  ),
}));
const documentOf = fc.record({ Competition: fc.array(element, { minLength: 1, maxLength: 2 }) });

const contextFor = (sport: ResolvedSport, locale: (typeof LOCALE_IDS)[number]): ViewContext => ({
  sport,
  locale,
  eventCode: 'SWMM100MFR------------FNL-000100--',
});

describe('projections of arbitrary documents', () => {
  it('never throw, for every layout of every sport, on documents that pass the schema', async () => {
    let projected = 0;
    await fc.assert(
      fc.asyncProperty(documentOf, fc.constantFrom(...LOCALE_IDS), fc.nat(), async (document, locale, pick) => {
        const sport = sports[pick % sports.length]!;
        const layouts = [...Object.values(sport.layouts.tabs), ...Object.values(sport.layouts.pages)];
        for (const layout of layouts) {
          if (!layout) continue;
          // Only documents the browser would accept reach a projection.
          const valid = await checkDocument(layout.document, document).then(
            () => true,
            () => false,
          );
          if (!valid) continue;
          const view = projectView(layout, document, contextFor(sport, locale));
          projected += 1;
          // What a view holds must travel as JSON (the hydration payload).
          if (view) expect(JSON.parse(JSON.stringify(view))).toEqual(view);
        }
      }),
      { numRuns: 150 },
    );
    // The property is about documents the schema lets through: make sure it met many.
    expect(projected).toBeGreaterThan(100);
  });

  it('the bracket layout gives every match two places and puts every round somewhere', () => {
    fc.assert(
      fc.property(documentOf, (document) => {
        const view = projectBracket(
          { widget: 'bracket', document: 'DT_BRACKETS', legendModule: 'brackets' },
          document,
          contextFor(sports[0]!, 'en_US'),
        );
        for (const round of [...view.rounds, ...view.extra]) {
          expect(round.matches.length).toBeGreaterThan(0);
          for (const match of round.matches) expect(match.slots).toHaveLength(2);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the legend matcher of every sport never throws on arbitrary rows', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 5 }),
        fc.constantFrom(...LEGEND_MODULES),
        fc.nat(),
        (rows, module, pick) => {
          const matcher = legendMatcherOf(sports[pick % sports.length]!);
          for (const row of rows) matcher.match(row, { module, eventCode: 'X' });
          matcher.collect(rows, { module });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ordering of display values', () => {
  it('reads race times', () => {
    expect(timeSeconds('52.84')).toBeCloseTo(52.84);
    expect(timeSeconds('1:02.34')).toBeCloseTo(62.34);
    expect(timeSeconds('2:08:30')).toBe(7710);
    expect(timeSeconds('+0.15')).toBeCloseTo(0.15);
    expect(timeSeconds('DNF')).toBeNaN();
  });

  it('is a consistent order with unreadable values last', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom('number', 'text', 'time' as const), (a, b, type) => {
        expect(Math.sign(compareValues(a, b, type))).toBe(-Math.sign(compareValues(b, a, type)) || 0);
        expect(compareValues(a, a, type)).toBe(0);
      }),
    );
    expect(compareValues('', '1', 'number')).toBeGreaterThan(0);
    expect(compareValues('DNS', '1:02.00', 'time')).toBeGreaterThan(0);
    expect(compareValues('9', '10', 'number')).toBeLessThan(0);
  });
});

describe('the first rows of a view', () => {
  const table = (length: number): TableView => ({
    kind: 'table',
    columns: [{ id: 'rank', label: 'Rank', cell: 'rank', sort: 'number' }],
    rows: Array.from({ length }, (_, i) => ({ key: String(i), cells: [String(i + 1)] })),
    details: [],
    legend: [{ title: 'Q', description: 'Qualified' }],
  });

  it('keeps a table drawn whole (or within the limit) whole, and cuts a longer one saying how long it is', () => {
    fc.assert(
      fc.property(fc.nat(600), fc.integer({ min: 1, max: 300 }), (length, limit) => {
        const view = firstRows(table(length), limit) as TableView;
        const kept = length <= Math.max(limit, WHOLE_TABLE_ROWS) ? length : limit;
        expect(view.rows).toHaveLength(kept);
        expect(view.rows.map((r) => r.key)).toEqual(
          table(length)
            .rows.slice(0, kept)
            .map((r) => r.key),
        );
        expect(view.rowCount).toBe(kept < length ? length : undefined);
        expect(view.legend).toEqual(table(length).legend);
        // Cutting a cut view keeps the length of the whole.
        if (kept < length) expect((firstRows(view, 1) as TableView).rowCount).toBe(length);
      }),
    );
  });

  it('holds fewer rows of a windowed table than it draws whole', () => {
    expect(SERVER_TABLE_ROWS).toBeLessThan(WHOLE_TABLE_ROWS);
    expect((firstRows(table(WHOLE_TABLE_ROWS), SERVER_TABLE_ROWS) as TableView).rows).toHaveLength(WHOLE_TABLE_ROWS);
    expect((firstRows(table(WHOLE_TABLE_ROWS + 1), SERVER_TABLE_ROWS) as TableView).rows).toHaveLength(
      SERVER_TABLE_ROWS,
    );
  });

  it('leaves brackets and pools as they are', () => {
    const bracket: BracketView = { kind: 'bracket', rounds: [], extra: [], legend: [] };
    expect(firstRows(bracket, 1)).toBe(bracket);
  });
});

describe('column priorities', () => {
  const sport = { code: NOT_A_SPORT_CODE, labels: {}, legend: [] } as unknown as ResolvedSport;
  const column = (id: string, cell: string, extra: object = {}) => ({ id, label: id, path: id, cell, ...extra });
  it('keep the essential columns in the row and move the others by priority or hideBelow', () => {
    const view = projectTable(
      {
        widget: 'table',
        document: 'DT_RESULT',
        rows: 'Competition.Result',
        columns: [
          column('rank', 'rank'),
          column('lane', 'number'),
          column('name', 'name'),
          column('result', 'text', { priority: 'essential' }),
          column('splits', 'splits'),
          column('bib', 'bib', { hideBelow: 'lg' }),
          column('time', 'time', { priority: 'optional' }),
        ],
        details: [{ id: 'members', label: 'members', rows: 'Members', columns: [column('note', 'text')] }],
      } as never,
      { Competition: [{ Result: [{ rank: '1' }] }] },
      { sport, locale: 'en_US' },
    );
    if (view.kind !== 'table') throw new Error('a table');
    expect(Object.fromEntries(view.columns.map((c) => [c.id, c.hideBelow ?? 'never']))).toEqual({
      rank: 'never',
      lane: 'sm',
      name: 'never',
      result: 'never',
      splits: 'md',
      bib: 'lg',
      time: 'md',
    });
    // A details table has nowhere to move a column: only hideBelow hides one there.
    expect(view.details[0]!.columns[0]!.hideBelow).toBeUndefined();
  });
});
