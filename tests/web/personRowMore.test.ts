/**
 * A table whose rows are people (gymnastics' individual tabs of a team final: rows of
 * `Competitor.Composition.Athlete`) shows no name part under a row's "More" (issue 50 item 4): the
 * row is the person, so its names are the name cell's, never "GivenName Silas" on a Chinese page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { NAME_ATTRIBUTES } from '../../src/core/feedValues';
import type { NamesDirectory } from '../../src/core/namesDirectory';
import { parseXml } from '../../src/server/odf/normalise';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { classifyValues, feedCoverage, layoutsReading } from '../../src/web/more/coverage';

const xml = readFileSync(join(ROOT, 'sports/GAR/examples/DT_RESULT.team.xml'), 'utf8');
const document = parseXml(xml).element;
const names = [...xml.matchAll(/\s(?:GivenName|FamilyName)="([^"]+)"/g)].map((match) => match[1]!);
/**
 * The event's names directory as the service makes it from DT_PARTIC: every athlete of the result
 * by code, with a Chinese name. The name cell then reads the row's code, not its Description.
 */
const directory: NamesDirectory = {
  people: Object.fromEntries(
    [...xml.matchAll(/<Athlete Code="([^"]+)"/g)].map(([, code]) => [code!, { CHI: ['王', code!.slice(-2)] }]),
  ),
  teams: {},
};

describe('a table of people', () => {
  it('keeps every name part out of its rows’ More, in every language', async () => {
    const sport = (await sportLoaders.GAR()).default;
    const readers = layoutsReading(sport.layouts.tabs, 'DT_RESULT');
    expect(names.length).toBeGreaterThan(0);
    for (const id of ['resultInd', 'startListInd'] as const) {
      const layout = sport.layouts.tabs[id]!;
      for (const locale of ['zh_CN', 'zh_HK', 'en_US'] as const) {
        const coverage = feedCoverage(layout, readers, document, { sport, locale, names: directory });
        const items = [...coverage.rows.values(), coverage.unit].flat();
        for (const [label, value] of items) {
          expect(NAME_ATTRIBUTES.has(label), `${id} ${locale}: ${label}`).toBe(false);
          expect(names, `${id} ${locale}: ${label} ${value}`).not.toContain(value);
        }
      }
    }
    // The names count as read: each row's person is the row, whose code the name cell shows.
    const unread = classifyValues(readers, document, { sport, locale: 'zh_CN', names: directory }).filter(
      (c) => c.status === 'more' && NAME_ATTRIBUTES.has(c.value.attribute),
    );
    expect(unread.map((c) => c.value.path)).toEqual([]);
  });
});
