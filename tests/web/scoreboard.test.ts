/**
 * Issue 26: the scoreboard's projection on basketball's own examples (sports/BKB/examples, written
 * from the ODF Basketball Data Dictionary SOG-2024-BKB-3.4 APP) through the sport's real plugin, and
 * on variants of them made for the test: the sides home first, the winner from WLT or rank, an IRM in
 * words from the legend, the periods, the live period and clock from DT_CURRENT, no scoreboard for a
 * field of three.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import { cellText, type ScoreboardView } from '../../src/core/views/types';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { WIDGETS } from '../../src/generated/widgets';
import { parseXml } from '../../src/server/odf/normalise';
import { liveOf } from '../../src/web/widgets/scoreboard/live';
import { projectScoreboard } from '../../src/web/widgets/scoreboard/project';

const example = (file: string) => readFileSync(join(ROOT, 'sports/BKB/examples', file), 'utf8');
const document = (xml: string): unknown => parseXml(xml).element;

let sport: ResolvedSport;
let layout: Layout;
beforeAll(async () => {
  sport = (await sportLoaders.BKB()).default;
  layout = sport.layouts.scoreboard!;
});

const project = (xml: string, locale: 'zh_CN' | 'zh_HK' | 'en_US' = 'en_US'): ScoreboardView => {
  const view = projectScoreboard(layout, document(xml), { sport, locale });
  if (view.kind !== 'scoreboard') throw new Error('not a scoreboard');
  return view;
};

describe('the scoreboard of a basketball game', () => {
  it('shows both sides home first, the score, the winner and the quarters', () => {
    const view = project(example('DT_RESULT.match.xml'));
    const [home, away] = view.sides;
    expect(cellText(home.name)).toBe('Guangdong');
    expect(cellText(away.name)).toBe('Shanghai');
    expect([home.homeAway, away.homeAway]).toEqual(['Home', 'Away']);
    expect([home.score, away.score]).toEqual(['88', '79']);
    expect([home.winner, away.winner]).toEqual([true, false]);
    expect(view.periods).toEqual([
      { label: 'Q1', scores: ['20', '18'] },
      { label: 'Q2', scores: ['24', '21'] },
      { label: 'Q3', scores: ['19', '22'] },
      { label: 'Q4', scores: ['25', '18'] },
    ]);
    expect(project(example('DT_RESULT.match.xml'), 'zh_CN').sides[0].homeAway).toBe('主队');
    expect(WIDGETS.scoreboard.accepts({ id: 's', title: 's', widget: 'scoreboard', view })).toBe(true);
  });

  it('puts home first whatever the order of the result rows', () => {
    const xml = example('DT_RESULT.match.xml');
    const rows = [...xml.matchAll(/<Result [\s\S]*?<\/Result>/g)].map((m) => m[0]);
    expect(rows).toHaveLength(2);
    const swapped = xml.replace(rows[0]!, '@@FIRST@@').replace(rows[1]!, rows[0]!).replace('@@FIRST@@', rows[1]!);
    const view = project(swapped);
    expect(cellText(view.sides[0].name)).toBe('Guangdong');
    expect(view.periods[0]).toEqual({ label: 'Q1', scores: ['20', '18'] });
  });

  it('marks the winner by rank 1 when no side has an outcome', () => {
    const ranked = example('DT_RESULT.match.xml')
      .replace(/ WLT="W"/, ' Rank="1"')
      .replace(/ WLT="L"/, ' Rank="2"');
    const withRank: Layout = {
      ...layout,
      columns: [...(layout.columns ?? []), { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank' }],
    };
    const view = projectScoreboard(withRank, document(ranked), { sport, locale: 'en_US' }) as ScoreboardView;
    expect(view.sides.map((s) => s.winner)).toEqual([true, false]);
    // Without outcome or rank, nobody is said to have won (a game still being played).
    const open = project(example('DT_RESULT.match.xml').replace(/ WLT="[WL]"/g, ''));
    expect(open.sides.map((s) => s.winner)).toEqual([false, false]);
  });

  it('says a walkover in words from the legend, in each language', () => {
    const xml = example('DT_RESULT.walkover.xml');
    const dns = (locale: 'zh_CN' | 'en_US') => project(xml, locale).sides.find((s) => s.irm)?.irm;
    expect(dns('en_US')).toEqual({ code: 'DNS', words: 'Did not start' });
    expect(dns('zh_CN')).toEqual({ code: 'DNS', words: '未出发' });
  });

  it('has no sides for a field of three: the widget draws nothing', () => {
    const xml = example('DT_RESULT.match.xml');
    const first = /<Result [\s\S]*?<\/Result>/.exec(xml)![0];
    const view = project(xml.replace(first, first + first.replace(/Code="BKBMTEAM5---GDG01"/, 'Code="X"')));
    expect(view.sides).toHaveLength(0);
    expect(WIDGETS.scoreboard.accepts({ id: 's', title: 's', widget: 'scoreboard', view })).toBe(false);
  });

  it("reads the live period and clock from the dictionary's DT_CURRENT", () => {
    const current = document(example('DT_CURRENT.match.xml'));
    expect(liveOf(layout, current, { sport, locale: 'en_US' })).toEqual({ period: 'Q2', clock: '1:34' });
    expect(liveOf(layout, undefined, { sport, locale: 'en_US' })).toBeUndefined();
    expect(liveOf({ ...layout, live: undefined } as Layout, current, { sport, locale: 'en_US' })).toBeUndefined();
  });
});
