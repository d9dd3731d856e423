/**
 * Every sport, every unit tab and every sport-level page its plugin declares, rendered by the
 * service's own server renderer from a real document of the demo games, in the three languages.
 * What the page must show is worked out here from the plugin and the raw document (headers from the
 * plugin's labels, rows counted in the document, marks matched in it), not read back from the view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileLegend } from '../../src/core/legend/match';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import { LOCALE_IDS, NOT_A_SPORT_CODE, type LocaleId } from '../../src/core/sports/vocabulary';
import { accessorFor } from '../../src/core/valuePath';
import { documentCodeFor } from '../../src/core/views';
import { layoutHasData } from '../../src/server/demo/coverage';
import type { Service } from '../../src/server/service';
import { SPORT_CODES } from '../../src/generated/sportCodes';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { render } from '../../src/web/entry-server';
import { VIRTUAL_THRESHOLD } from '../../src/web/widgets/table/ResultTable';
import { openDemoService } from '../support/demoService';

let service: Service;
const sports = new Map<string, ResolvedSport>();

beforeAll(async () => {
  service = await openDemoService();
  for (const code of SPORT_CODES) sports.set(code, (await sportLoaders[code]()).default);
}, 600_000);
afterAll(() => service?.close());

async function page(path: string): Promise<{ status: number; html: string }> {
  const data = { document: async <T>(type: string, code: string) => service.store.json<T>(type, code) };
  const result = await render(new Request(`http://podium.test${path}`), { data, scripts: [], styles: [] });
  if (result.kind !== 'page') return { status: result.status, html: '' };
  let html = '';
  for await (const chunk of result.stream) html += String(chunk);
  return { status: result.status, html };
}

const text = (markup: string) =>
  markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

/** The header texts of the first widget table of a page. */
function headers(html: string): string[] {
  const table = html.slice(html.indexOf('widget-table'));
  const head = table.slice(0, table.indexOf('</thead>'));
  return [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1] ?? ''));
}

const label = (sport: ResolvedSport, locale: LocaleId, key: string) => sport.labels[locale]?.[key] ?? key;

/** Columns a page must show: all but those hidden when empty and empty here. */
function expectedHeaders(sport: ResolvedSport, layout: Layout, rows: unknown[], locale: LocaleId): string[] {
  return (layout.columns ?? [])
    .filter((c) => !c.hideWhenEmpty || rows.some((r) => accessorFor(c.path).text(r)))
    .map((c) => label(sport, locale, c.label));
}

/** A unit of the sport whose document for this layout exists and shows data. */
function unitFor(sport: ResolvedSport, layout: Layout): { unit: string; document?: unknown } | undefined {
  const units = (
    service.db
      .prepare(
        "SELECT code FROM documents WHERE type = 'DT_RESULT' AND code LIKE ? ORDER BY status = 'OFFICIAL' DESC, length(body), code",
      )
      .all(`${sport.code}%`) as { code: string }[]
  ).map((r) => r.code);
  for (const unit of units) {
    if (layout.document === 'REPORT_LIST') {
      const list = service.store.json<{ reports: { code: string }[] }>(
        'REPORT_LIST',
        documentCodeFor('REPORT_LIST', unit, 'unit'),
      );
      if (list?.reports.some((r) => r.code === unit)) return { unit };
      continue;
    }
    const document = service.store.json(layout.document, documentCodeFor(layout.document, unit, 'unit'));
    if (document !== undefined && layoutHasData(layout, document)) return { unit, document };
  }
  return undefined;
}

/** A layout's groups with totals add a row per group element with a value of its own (a team's statistics). */
function totalsRows(layout: Layout, document: unknown): number {
  if (!layout.groups?.totals) return 0;
  const columns = (layout.columns ?? []).filter((c) => c.cell !== 'name');
  return accessorFor(layout.groups.path)
    .all(document)
    .filter((element) => columns.some((c) => accessorFor(c.path).text(element))).length;
}

function checkTable(html: string, sport: ResolvedSport, layout: Layout, document: unknown, locale: LocaleId): void {
  const rows = accessorFor(layout.rows ?? 'Competition.Result').all(document);
  expect(rows.length).toBeGreaterThan(0);
  const shown = headers(html);
  for (const header of expectedHeaders(sport, layout, rows, locale)) expect(shown, `${sport.code}`).toContain(header);
  const drawn = (html.match(/<tbody data-index="/g) ?? []).length;
  const count = rows.length + totalsRows(layout, document);
  if (count <= VIRTUAL_THRESHOLD) expect(drawn).toBe(count);
  else expect(html).toContain(`aria-rowcount="${count + 1}"`);
  if (!layout.legendModule) return;
  const marks = compileLegend(sport.legend).collect(rows, { module: layout.legendModule, eventCode: '' });
  const at = html.indexOf('class="legend"');
  const legend = at < 0 ? '' : html.slice(at);
  // What the table draws, word by word (its rows and their folded details).
  const table = html.slice(html.indexOf('<table'), at < 0 ? undefined : at);
  const words = new Set(
    table
      .replace(/<!--[\s\S]*?-->|<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .split(/\s+/),
  );
  // rscRegx marks depend on the event; the rest must be listed when a row carries them and the
  // table draws them (a mark in a field no column shows is not the page's to explain).
  for (const mark of marks.filter((m) => !m.rscRegx && (words.has(m.title) || words.has(m.code))))
    expect(legend).toContain(
      `<dt>${mark.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</dt>`,
    );
}

describe.each(SPORT_CODES.map((code) => [code]))('%s', (code) => {
  it('renders every unit tab it declares from a real unit, in every language', async () => {
    const sport = sports.get(code)!;
    for (const tab of sport.unitTabs) {
      const layout = sport.layouts.tabs[tab]!;
      const found = unitFor(sport, layout);
      expect(found, `${code} has a unit with data for ${tab}`).toBeDefined();
      for (const locale of LOCALE_IDS) {
        const { status, html } = await page(`/${found!.unit}?tab=${tab}&lang=${locale}`);
        expect(status, `${code} ${tab}`).toBe(200);
        expect(html).not.toContain('widget-error');
        expect(html).toContain(`aria-selected="true"`);
        expect(text(html)).toContain(label(sport, locale, `tab.${tab}`));
        if (layout.widget === 'reportList') expect(html).toContain('report-table');
        else if (layout.widget === 'bracket') expect(html).toContain('bracket-match');
        else checkTable(html, sport, layout, found!.document, locale);
      }
    }
  });

  it('renders every sport-level page it declares', async () => {
    const sport = sports.get(code)!;
    for (const id of Object.keys(sport.pages)) {
      const layout = sport.layouts.pages[id as keyof typeof sport.layouts.pages]!;
      for (const locale of LOCALE_IDS) {
        const { status, html } = await page(`/${code}/${id}?lang=${locale}`);
        expect(status, `${code}/${id}`).toBe(200);
        expect(html).not.toContain('widget-error');
        if (layout.widget === 'bracket') {
          expect(html, `${code}/${id}`).toContain('bracket-match');
        } else {
          expect(html, `${code}/${id}`).toContain('widget-table');
          const shown = headers(html);
          const always = (layout.columns ?? [])
            .filter((c) => !c.hideWhenEmpty)
            .map((c) => label(sport, locale, c.label));
          for (const header of always) expect(shown, `${code}/${id}`).toContain(header);
        }
      }
    }
  });
});

describe('the record tab of a sport page', () => {
  it('draws the standing records with the plugin record layout, for every sport that declares one', async () => {
    // Which sports declare one is the spec's (tests/sports/plugins.test.ts); here, that each draws.
    const withRecords = [...sports.values()].filter((s) => 'record' in s.pages);
    expect(withRecords.length).toBeGreaterThan(0);
    for (const sport of withRecords) {
      const { status, html } = await page(`/discipline/${sport.code}/record?lang=en_US`);
      expect(status).toBe(200);
      expect(html, sport.code).toContain('widget-table');
      const layout = sport.layouts.pages.record!;
      const always = (layout.columns ?? []).filter((c) => !c.hideWhenEmpty).map((c) => label(sport, 'en_US', c.label));
      for (const header of always) expect(headers(html), sport.code).toContain(header);
    }
  });
});

describe('addresses that are not a unit or a sport page', () => {
  it('answer the 404 page', async () => {
    for (const path of [
      `/${NOT_A_SPORT_CODE}`,
      '/SWMM100MFR',
      `/${NOT_A_SPORT_CODE}M100MFR------------FNL-000100--`,
      '/SWM/nonsense',
      `/${NOT_A_SPORT_CODE}/brackets`,
      '/SWM/brackets',
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
  });
});
