/** The feed-values engine (issue 25 item 1): what a computation reads, what a feed sends, how it is named. */
import { describe, expect, it } from 'vitest';
import {
  feedValueLabel,
  feedValues,
  hiddenBy,
  ReadRecord,
  unreadValues,
  type Element,
} from '../../src/core/feedValues';

/** A result row as normalised ODF JSON: attributes are strings, child elements arrays of objects. */
const row = (): Element => ({
  Rank: '1',
  Result: '48.10',
  Competitor: [
    {
      Code: '1001',
      Type: 'A',
      Composition: [
        {
          Athlete: [
            {
              Code: '1001',
              Order: '1',
              Description: [{ GivenName: 'Wei', FamilyName: 'Zhang', Gender: 'M' }],
            },
          ],
        },
      ],
    },
  ],
  ExtendedResults: [
    {
      ExtendedResult: [
        { Type: 'ER', Code: 'SPLIT', Pos: '1', Value: '23.01' },
        { Type: 'ER', Code: 'SPLIT', Pos: '2', Value: '48.10', Diff: '+0.2' },
      ],
    },
  ],
});

describe('ReadRecord', () => {
  it('notes reads through nested arrays and objects, and nothing that was not read', () => {
    const document = row();
    const record = new ReadRecord();
    const watched = record.wrap(document);
    // Read the first split's Value and the athlete's family name, through arrays and objects.
    const splits = (watched.ExtendedResults as Element[])[0]!.ExtendedResult as Element[];
    expect(splits[0]!.Value).toBe('23.01');
    const athlete = (((watched.Competitor as Element[])[0]!.Composition as Element[])[0]!.Athlete as Element[])[0]!;
    expect((athlete.Description as Element[])[0]!.FamilyName).toBe('Zhang');
    expect(watched.Rank).toBe('1');

    const raw = (document.ExtendedResults as Element[])[0]!.ExtendedResult as Element[];
    expect(record.has(document, 'Rank')).toBe(true);
    expect(record.has(raw[0]!, 'Value')).toBe(true);
    const rawAthlete = (((document.Competitor as Element[])[0]!.Composition as Element[])[0]!.Athlete as Element[])[0]!;
    const description = (rawAthlete.Description as Element[])[0]!;
    expect(record.has(description, 'FamilyName')).toBe(true);
    // Not read: the row's Result, the second split, the athlete's given name.
    expect(record.has(document, 'Result')).toBe(false);
    expect(record.has(raw[1]!, 'Value')).toBe(false);
    expect(record.has(description, 'GivenName')).toBe(false);
  });

  it('hands the same proxy for the same object, and scalars as they are', () => {
    const record = new ReadRecord();
    const object = { a: '1' };
    expect(record.wrap(object)).toBe(record.wrap(object));
    expect(record.wrap('x')).toBe('x');
    expect(record.wrap(null)).toBe(null);
  });
});

describe('feedValues', () => {
  it('gives every attribute under an element, coded items named by Type, Code and Pos (never values)', () => {
    const values = feedValues(row());
    const paths = values.map((v) => v.path);
    expect(paths).toContain('Rank');
    expect(paths).toContain('ExtendedResults.ExtendedResult[Type=ER&Code=SPLIT&Pos=2].Value');
    expect(paths).toContain('ExtendedResults.ExtendedResult[Type=ER&Code=SPLIT&Pos=2].Diff');
    // Type, Code and Pos name a coded item: they are not values of it.
    expect(values.filter((v) => v.code === 'SPLIT').map((v) => v.attribute)).toEqual(['Value', 'Value', 'Diff']);
    const second = values.find((v) => v.path.endsWith('Pos=2].Value'))!;
    expect(second).toMatchObject({ code: 'SPLIT', type: 'ER', pos: '2', value: '48.10' });
    expect(second.signature).toBe('ExtendedResults.ExtendedResult[Type=ER&Code=SPLIT].Value');
    // The Competitor's Code and Type are values: a Competitor is not a coded item (no Value).
    expect(paths).toContain('Competitor.Code');
    expect(paths).toContain('Competitor.Type');
  });

  it('says which person a value is about, and skips elements it is told to', () => {
    const values = feedValues(row());
    const gender = values.find((v) => v.attribute === 'Gender')!;
    expect(gender.personElement).toBe('Athlete');
    expect(gender.person?.Code).toBe('1001');
    expect(values.find((v) => v.attribute === 'Rank')!.person).toBeUndefined();
    const skipped = feedValues(row(), { skip: (element) => 'Composition' in element });
    expect(skipped.some((v) => v.attribute === 'Gender')).toBe(false);
  });
});

describe('hiddenBy and unreadValues', () => {
  it("hide a coded item by its Code and an attribute by its name, by the plugin's mark", () => {
    const values = feedValues(row());
    const hidden = [{ code: 'SPLIT' }, { code: 'Diff' }];
    const split = values.find((v) => v.code === 'SPLIT' && v.attribute === 'Value')!;
    expect(hiddenBy(split, hidden)?.code).toBe('SPLIT');
    expect(
      hiddenBy(
        values.find((v) => v.attribute === 'Rank')!,
        hidden,
      ),
    ).toBeUndefined();
    const record = new ReadRecord();
    record.note(values.find((v) => v.attribute === 'Rank')!.owner, 'Rank');
    const unread = unreadValues(values, record, hidden).map((v) => v.attribute);
    expect(unread).not.toContain('Rank');
    expect(unread).not.toContain('Value');
    expect(unread).toContain('Result');
  });
});

describe('feedValueLabel', () => {
  const values = feedValues(row());
  const split = values.find((v) => v.path.endsWith('Pos=2].Value'))!;
  const diff = values.find((v) => v.attribute === 'Diff')!;
  const result = values.find((v) => v.attribute === 'Result')!;
  const LABELS = {
    zh_CN: { 'code.SPLIT': '分段', 'attr.Result': '成绩', 'attr.Diff': '差距' },
    zh_HK: { 'code.SPLIT': '分段', 'attr.Result': '成績', 'attr.Diff': '差距' },
    en_US: { 'code.SPLIT': 'Split', 'attr.Result': 'Result', 'attr.Diff': 'Difference' },
  };

  it('labels a value in each language from the labels, a coded item with its position', () => {
    expect(feedValueLabel(split, LABELS.zh_CN)).toBe('分段 2');
    expect(feedValueLabel(split, LABELS.zh_HK)).toBe('分段 2');
    expect(feedValueLabel(split, LABELS.en_US)).toBe('Split 2');
    expect(feedValueLabel(diff, LABELS.en_US)).toBe('Split 2 · Difference');
    expect(feedValueLabel(result, LABELS.zh_CN)).toBe('成绩');
    expect(feedValueLabel(result, LABELS.zh_HK)).toBe('成績');
  });

  it('falls back to the code or the attribute name itself', () => {
    expect(feedValueLabel(split, {})).toBe('SPLIT 2');
    expect(feedValueLabel(diff, {})).toBe('SPLIT 2 · Diff');
    expect(feedValueLabel(result, {})).toBe('Result');
  });
});
