/**
 * Legends show what the page shows (issue 23 item 5): a mark is listed where a row of the view shows
 * it, not where it sits unseen in the document, and bracket rounds are titled by their phase's name
 * in the page's language, never by its code. The documents are the sports' examples (written from
 * the dictionaries), projected with the real plugins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import type { LocaleId } from '../../src/core/sports/vocabulary';
import type { TableView } from '../../src/core/views/types';
import { parseXml } from '../../src/server/odf/normalise';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { projectBracket } from '../../src/web/widgets/bracket/project';
import { projectPool } from '../../src/web/widgets/poolStanding/project';
import { projectTable } from '../../src/web/widgets/table/project';

const example = (sport: string, file: string, edit = (xml: string) => xml): unknown =>
  parseXml(edit(readFileSync(join(ROOT, 'sports', sport, 'examples', file), 'utf8'))).element;
const sport = async (code: 'ATH' | 'BKB'): Promise<ResolvedSport> => (await sportLoaders[code]()).default;
const context = (s: ResolvedSport, locale: LocaleId = 'en_US') => ({ sport: s, locale });
const titles = (legend: readonly { title: string }[]) => legend.map((e) => e.title);

/** Every text a table view draws in its cells, as a reader sees it (a shared rank is drawn "="). */
function drawn(view: TableView): Set<string> {
  const texts = new Set<string>();
  const add = (cell: unknown) => {
    if (typeof cell === 'string') texts.add(cell);
    else if (cell && typeof cell === 'object') {
      const rich = cell as { text: string; parts?: string[]; equal?: boolean };
      texts.add(rich.text);
      for (const part of rich.parts ?? []) texts.add(part);
      if (rich.equal) texts.add('=');
    }
  };
  for (const row of view.rows) {
    row.cells.forEach(add);
    for (const rows of row.details ?? []) for (const cells of rows) cells.forEach(add);
  }
  return texts;
}

describe('a legend lists the marks the view shows', () => {
  it('lists no qualification marks on a javelin final, which has none', async () => {
    const athletics = await sport('ATH');
    const view = projectTable(
      athletics.layouts.tabs.result!,
      example('ATH', 'DT_RESULT.field.xml'),
      context(athletics),
    );
    expect(titles(view.legend)).not.toContain('Q');
    expect(titles(view.legend)).not.toContain('q');
    for (const title of titles(view.legend)) expect(drawn(view)).toContain(title);
  });

  it('lists Q and q on a heat that shows them', async () => {
    const athletics = await sport('ATH');
    const view = projectTable(athletics.layouts.tabs.result!, example('ATH', 'DT_RESULT.heat.xml'), context(athletics));
    expect(titles(view.legend)).toEqual(expect.arrayContaining(['Q', 'q']));
  });

  it("lists a relay's record where a column shows it, not in the summary that has no record column", async () => {
    const athletics = await sport('ATH');
    // The example's record is the National Games' own (NGR), which the shared set does not name: a
    // Games record (GR) instead, which it does.
    const relay = example('ATH', 'DT_RESULT.team.xml', (xml) => xml.replace('RecordType="NGR"', 'RecordType="GR"'));
    const result = projectTable(athletics.layouts.tabs.result!, relay, context(athletics));
    expect(titles(result.legend)).toContain('GR');
    const summary = projectTable(athletics.layouts.tabs.summary!, relay, context(athletics));
    // The row carries the record (RecordIndicators), but the summary draws no cell with it.
    expect(titles(summary.legend)).not.toContain('GR');
    for (const title of titles(summary.legend)) expect(drawn(summary)).toContain(title);
  });

  it('lists no qualification marks on a basketball game', async () => {
    const basketball = await sport('BKB');
    const view = projectTable(
      basketball.layouts.tabs.result!,
      example('BKB', 'DT_RESULT.match.xml'),
      context(basketball),
    );
    expect(titles(view.legend)).not.toContain('Q');
    expect(titles(view.legend)).not.toContain('q');
  });

  it('lists the Q a pool table shows and not the q it does not', async () => {
    const basketball = await sport('BKB');
    const pool = projectPool(
      basketball.layouts.pages.poolstanding!,
      example('BKB', 'DT_POOL_STANDING.groupA.xml'),
      context(basketball),
    );
    expect(titles(pool.table.legend)).toContain('Q');
    expect(titles(pool.table.legend)).not.toContain('q');
  });

  it('lists no qualification marks on a bracket', async () => {
    const basketball = await sport('BKB');
    const view = projectBracket(
      basketball.layouts.pages.brackets!,
      example('BKB', 'DT_BRACKETS.main.xml'),
      context(basketball),
    );
    expect(titles(view.legend)).not.toContain('Q');
    expect(titles(view.legend)).not.toContain('q');
  });
});

describe('bracket rounds are titled by their phase names', () => {
  const names = {
    en_US: { rounds: ['Semifinal', 'Final'], extra: ['Bronze medal match'] },
    zh_CN: { rounds: ['半决赛', '决赛'], extra: ['铜牌赛'] },
    zh_HK: { rounds: ['半決賽', '決賽'], extra: ['銅牌賽'] },
  } as const;

  it.each(Object.keys(names) as LocaleId[])('in %s, never by the raw code (FNL-)', async (locale) => {
    const basketball = await sport('BKB');
    const layout = basketball.layouts.pages.brackets!;
    const view = projectBracket(layout, example('BKB', 'DT_BRACKETS.main.xml'), context(basketball, locale));
    expect(view.rounds.map((r) => r.label)).toEqual(names[locale].rounds);
    expect(view.extra.map((r) => r.label)).toEqual(names[locale].extra);
    expect(view.rounds.map((r) => r.code)).toEqual(['SFNL', 'FNL-']);
  });

  it('gives a phase no name is known for a readable generic title, numbered in the tree', async () => {
    const basketball = await sport('BKB');
    const layout: Layout = { widget: 'bracket', document: 'DT_BRACKETS' };
    const item = (code: string) => ({ Code: code, Order: '1', CompetitorPlace: [{ Pos: '1' }, { Pos: '2' }] });
    const document = {
      Competition: [
        {
          Bracket: [
            {
              BracketItems: [
                { Code: 'ZZ1-', BracketItem: [item('1')] },
                { Code: 'ZZ2-', BracketItem: [item('2')] },
              ],
            },
          ],
        },
      ],
    };
    const english = projectBracket(layout, document, context(basketball));
    expect(english.rounds.map((r) => r.label)).toEqual(['Round 1', 'Round 2']);
    const chinese = projectBracket(layout, document, context(basketball, 'zh_CN'));
    expect(chinese.rounds.map((r) => r.label)).toEqual(['第1轮', '第2轮']);
    const traditional = projectBracket(layout, document, context(basketball, 'zh_HK'));
    expect(traditional.rounds.map((r) => r.label)).toEqual(['第1輪', '第2輪']);
  });
});
