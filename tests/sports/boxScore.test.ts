/**
 * A team match's box score (the unit's statistics tab) is read from the unit's own DT_RESULT: each
 * team's players with their statistics and the team's totals, whether or not a unit-level DT_STATS
 * came too. The messages are the sports' examples (written from the dictionaries); what the page
 * must show is read from the message itself, never from the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import type { ResolvedSport } from '../../src/core/sports/types';
import { accessorFor } from '../../src/core/valuePath';
import { parseXml } from '../../src/server/odf/normalise';
import type { Service } from '../../src/server/service';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { render } from '../../src/web/entry-server';
import { memoryService } from '../server/helpers';

let service: Service | undefined;
afterEach(() => {
  service?.close();
  service = undefined;
});

const example = (sport: string, file: string) => readFileSync(join(ROOT, 'sports', sport, 'examples', file), 'utf8');
const codeOf = (xml: string) => /DocumentCode="([^"]+)"/.exec(xml)![1]!;

async function statisticsPage(unit: string): Promise<string> {
  const data = { document: async <T>(type: string, code: string) => service!.store.json<T>(type, code) };
  const result = await render(new Request(`http://podium.test/${unit}?tab=statistics&lang=en_US`), {
    data,
    scripts: [],
    styles: [],
  });
  expect(result.kind).toBe('page');
  if (result.kind !== 'page') return '';
  let html = '';
  for await (const chunk of result.stream) html += String(chunk);
  return html;
}

const text = (markup: string) =>
  markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The drawn table: its header texts, and per row its group heading, cell texts and markup. */
function table(html: string): { headers: string[]; rows: { group?: string; cells: string[]; markup: string }[] } {
  const start = html.slice(html.indexOf('widget-table'));
  const head = start.slice(0, start.indexOf('</thead>'));
  const headers = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1] ?? ''));
  const bodies = start.slice(start.indexOf('</thead>')).split('<tbody data-index=').slice(1);
  let group: string | undefined;
  const rows = bodies.map((body) => {
    const heading = /<th colSpan="\d+" scope="colgroup">([\s\S]*?)<\/th>/i.exec(body);
    if (heading) group = text(heading[1] ?? '');
    const row = body.slice(body.indexOf('<tr', heading ? body.indexOf('</tr>') : 0));
    const cells = [...row.slice(0, row.indexOf('</tr>')).matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
      text(m[1] ?? ''),
    );
    return { ...(group !== undefined ? { group } : {}), cells, markup: row };
  });
  return { headers, rows };
}

async function ingest(xml: string): Promise<void> {
  service ??= await memoryService();
  expect(service.ingestor.ingest(Buffer.from(xml), 'test').outcome).toBe('stored');
}

const label = (sport: ResolvedSport, key: string) => sport.labels.en_US[key] ?? key;

/** Each team of the result, its players and its own statistics, as the message carries them. */
function teamsOf(xml: string) {
  const body = parseXml(xml).element;
  return accessorFor('Competition.Result.Competitor')
    .all(body)
    .map((competitor) => ({
      name: accessorFor('Description.TeamName').text(competitor)!,
      stat: (code: string) => accessorFor(`StatsItems.StatsItem[Code=${code}].Value`).text(competitor),
      players: accessorFor('Composition.Athlete')
        .all(competitor)
        .map((athlete) => ({
          code: accessorFor('Code').text(athlete)!,
          family: accessorFor('Description.FamilyName').text(athlete)!,
          stat: (code: string) => accessorFor(`StatsItems.StatsItem[Code=${code}].Value`).text(athlete),
        })),
    }));
}

/**
 * Both teams' box scores are on the page: under each team's heading, each of its players (by family
 * name) with the statistic `code` in the column `column`, then the team's totals row.
 */
function expectBoxScores(html: string, xml: string, sport: ResolvedSport, column: string, code: string): void {
  const drawn = table(html);
  const at = drawn.headers.indexOf(label(sport, column));
  expect(at, `column ${column}`).toBeGreaterThanOrEqual(0);
  const teams = teamsOf(xml);
  expect(teams).toHaveLength(2);
  for (const team of teams) {
    const rows = drawn.rows.filter((r) => r.group === team.name);
    expect(rows.length, team.name).toBe(team.players.length + 1);
    for (const player of team.players) {
      // The player's row: the one whose name links to the player's code and shows the family name.
      const row = rows.find((r) => r.markup.includes(player.code));
      expect(row, `${team.name} ${player.family}`).toBeDefined();
      expect(text(row!.markup).toUpperCase()).toContain(player.family.toUpperCase());
      expect(row!.cells[at]).toBe(player.stat(code) ?? '');
    }
    const totals = rows.at(-1)!;
    expect(totals.cells).toContain(label(sport, 'teamTotals').replace('{name}', team.name));
    expect(totals.cells[at]).toBe(team.stat(code) ?? '');
  }
}

describe('the box score of a team match from its DT_RESULT alone', () => {
  it.each([['BKB'], ['BK3'], ['FBL'], ['HBL'], ['HOC'], ['RUG'], ['WPO']] as const)(
    '%s: both teams, their players with every statistic the tab shows, and the team totals',
    async (code) => {
      const sport = (await sportLoaders[code]()).default;
      const xml = example(code, 'DT_RESULT.match.xml');
      await ingest(xml);
      const html = await statisticsPage(codeOf(xml));
      const statistics = (sport.layouts.tabs.statistics?.columns ?? []).flatMap((column) => {
        const stat = /^StatsItems\.StatsItem\[Code=([^\]]+)\]\.Value$/.exec(column.path)?.[1];
        // A column left out when empty is not on the page of a match whose feed has none of it.
        if (stat && column.hideWhenEmpty && !xml.includes(`Code="${stat}"`)) return [];
        return stat ? [{ column: column.label, stat }] : [];
      });
      expect(statistics.length).toBeGreaterThan(2);
      for (const { column, stat } of statistics) expectBoxScores(html, xml, sport, column, stat);
      // Starters are marked as the result says.
      const starters = (xml.match(/Code="STARTER" Value="Y"/g) ?? []).length;
      const at = table(html).headers.indexOf(label(sport, 'starter'));
      expect(table(html).rows.filter((r) => r.cells[at] === 'Y')).toHaveLength(starters);
    },
  );

  it('shows its own teams when a DT_STATS of the unit names other teams', async () => {
    const sport = (await sportLoaders.BKB()).default;
    const xml = example('BKB', 'DT_RESULT.match.xml');
    const unit = codeOf(xml);
    // The discipline's statistics example, sent as the unit's, for two other delegations.
    const stats = example('BKB', 'DT_STATS.ranking.xml')
      .replace(/DocumentCode="[^"]+"/, `DocumentCode="${unit}"`)
      .replace(/GDG/g, 'BEJ')
      .replace(/SHH/g, 'TJN')
      .replace(/Guangdong/g, 'Beijing')
      .replace(/Shanghai/g, 'Tianjin');
    await ingest(xml);
    await ingest(stats);
    const html = await statisticsPage(unit);
    expectBoxScores(html, xml, sport, 'pts', 'PTS');
    for (const code of stats.match(/<Athlete Code="(\d+)"/g)!.map((m) => /"(\d+)"/.exec(m)![1]!)) {
      expect(html).not.toContain(code);
    }
    expect(text(html)).not.toContain('Beijing');
  });
});
