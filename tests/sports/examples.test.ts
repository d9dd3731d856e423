/**
 * Every sport's examples (ODF messages written from its data dictionary, `sports/<CODE>/examples/`)
 * ingested into a real store and drawn by the service's own server renderer, in the three languages.
 * What the page must show is read from the example's XML here (names, marks, IRMs, qualification
 * marks), not from the view: a plugin that reads a path the dictionary does not fill fails.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { sportFolders } from '../../codegen/load';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import { LOCALE_IDS, type LocaleId } from '../../src/core/sports/vocabulary';
import { DELEGATIONS } from '../../src/server/reference/delegations';
import { toTraditional } from '../../src/server/odf/traditional';
import { accessorFor } from '../../src/core/valuePath';
import { loadTemplates, type Template } from '../../src/server/demo/templates';
import type { Service } from '../../src/server/service';
import { sportLoaders } from '../../src/generated/sportRegistry';
import type { SportCode } from '../../src/generated/sportCodes';
import { render } from '../../src/web/entry-server';
import { memoryService, readSample } from '../server/helpers';

const CODES = sportFolders();
let service: Service;
const sports = new Map<string, ResolvedSport>();
const examples = new Map<string, Template[]>();

beforeAll(async () => {
  service = await memoryService();
  for (const code of CODES) {
    sports.set(code, (await sportLoaders[code as SportCode]()).default);
    examples.set(code, loadTemplates(join(ROOT, 'sports'), code));
  }
}, 120_000);
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
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

type Row = Record<string, unknown>;
const rowsOf = (body: unknown): Row[] =>
  accessorFor('Competition.Result')
    .all(body)
    .filter((r): r is Row => typeof r === 'object' && r !== null);

/** Paths a layout's columns read (and their fallbacks). */
const readsPath = (layout: Layout, path: string) =>
  (layout.columns ?? []).some((c) => c.path === path || c.fallback === path);

/** The local (Chinese) family names the sport's DT_PARTIC example gives, by participant code. */
const localFamilies = (code: string): Map<string, string> =>
  new Map(
    accessorFor('Competition.Participant')
      .all((examples.get(code) ?? []).find((e) => e.type === 'DT_PARTIC')?.body)
      .filter((p): p is Row => typeof p === 'object' && p !== null)
      .filter((p) => typeof p.Code === 'string' && typeof p.LocalFamilyName === 'string')
      .map((p) => [p.Code as string, p.LocalFamilyName as string]),
  );

/**
 * The name a row's competitor must be shown by: its team name (on a Chinese page its delegation's,
 * when the team is named after it), else its first athlete's family name (on a Chinese page the local
 * one the entry list gives, joined by code; DESIGN section 4).
 */
function expectedName(row: Row, locale: LocaleId, locals: ReadonlyMap<string, string>): string | undefined {
  const chinese = (text: string) => (locale === 'zh_HK' ? toTraditional(text) : text);
  const team = accessorFor('Competitor.Description.TeamName').text(row);
  if (team) {
    const delegation = DELEGATIONS.find(([c]) => c === accessorFor('Competitor.Organisation').text(row));
    return locale !== 'en_US' && delegation && team.startsWith(delegation[2]) ? chinese(delegation[1]) : team;
  }
  const code = accessorFor('Competitor.Composition.Athlete.Code').text(row) ?? accessorFor('Competitor.Code').text(row);
  const local = code ? locals.get(code) : undefined;
  if (locale !== 'en_US' && local) return chinese(local);
  const family = accessorFor('Competitor.Composition.Athlete.Description.FamilyName').text(row);
  return family?.toUpperCase();
}

describe.each(CODES.map((code) => [code]))('%s', (code) => {
  it('has examples, and every one of them ingests', () => {
    const files = readdirSync(join(ROOT, 'sports', code, 'examples')).filter((f) => f.endsWith('.xml'));
    expect(files.length, `${code} examples`).toBeGreaterThan(0);
    for (const file of files) {
      const outcome = service.ingestor.ingest(readSample(join(ROOT, 'sports', code, 'examples', file)), file);
      expect(outcome.outcome === 'rejected' ? outcome.error.message : outcome.outcome, `${code}/${file}`).not.toBe(
        'rejected',
      );
    }
  });

  it('draws its result examples with names, marks, IRMs and qualification marks, in every language', async () => {
    const sport = sports.get(code)!;
    const results = (examples.get(code) ?? []).filter((e) => e.type === 'DT_RESULT');
    const locals = localFamilies(code);
    expect(results.length, `${code} has DT_RESULT examples`).toBeGreaterThan(0);
    for (const example of results) {
      const status = String(example.body.ResultStatus ?? '');
      const tab = status === 'START_LIST' && sport.unitTabs.includes('startlist') ? 'startlist' : 'result';
      if (!sport.unitTabs.includes(tab)) continue;
      const layout = sport.layouts.tabs[tab]!;
      if (layout.document !== 'DT_RESULT' || layout.widget === 'reportList') continue;
      for (const locale of LOCALE_IDS) {
        const { status: http, html } = await page(`/${example.code}?tab=${tab}&lang=${locale}`);
        const where = `${code} ${example.kind} ${tab} ${locale}`;
        expect(http, where).toBe(200);
        expect(html, where).not.toContain('widget-error');
        const shown = text(html);
        const upper = shown.toUpperCase();
        for (const row of rowsOf(example.body)) {
          const name = expectedName(row, locale, locals);
          if (name) expect(upper, `${where}: name ${name}`).toContain(name.toUpperCase());
          const irm = typeof row.IRM === 'string' ? row.IRM : undefined;
          if (irm && readsPath(layout, 'IRM')) expect(shown, `${where}: IRM ${irm}`).toContain(irm);
          const mark = typeof row.Result === 'string' ? row.Result : undefined;
          if (mark && tab === 'result' && readsPath(layout, 'Result'))
            expect(shown, `${where}: mark ${mark}`).toContain(mark);
          const qualification = typeof row.QualificationMark === 'string' ? row.QualificationMark : undefined;
          if (qualification && readsPath(layout, 'QualificationMark'))
            expect(shown, `${where}: qualification ${qualification}`).toContain(qualification);
        }
      }
    }
  });
});

describe('a discipline no plugin describes', () => {
  it('renders a real feed (bobsleigh, Beijing 2022) with the default layout, named as the feed names it', async () => {
    const sample = join(ROOT, '..', 'shared', 'odf-samples', 'BOBOTEAM4.DT_RESULT.O.xml');
    const outcome = service.ingestor.ingest(readSample(sample), 'BOBOTEAM4.DT_RESULT.O.xml');
    expect(outcome.outcome).toBe('stored');
    const unit = 'BOBOTEAM4-------------TRNO000500--';
    for (const locale of LOCALE_IDS) {
      const { status, html } = await page(`/${unit}?tab=result&lang=${locale}`);
      expect(status, locale).toBe(200);
      const shown = text(html);
      expect(shown).toContain('Bobsleigh');
      // Teams by their team names, results and the DNS rows' IRM in the result cell.
      for (const team of ['Germany', 'ROC', 'Jamaica']) expect(shown).toContain(team);
      for (const mark of ['58.86', '58.98', '1:00.98']) expect(shown).toContain(mark);
      expect(shown).toContain('DNS');
    }
  });

  it('is listed under the name its feed gives it, once its schedule has come', async () => {
    // A schedule of the one unit of the real sample (the samples hold no bobsleigh schedule).
    const schedule = `<OdfBody DocumentType="DT_SCHEDULE" DocumentCode="${'BOB'.padEnd(34, '-')}" Version="1"><Competition><Unit Code="BOBOTEAM4-------------TRNO000500--" StartDate="2022-02-18T09:30:00+08:00" EndDate="2022-02-18T11:00:00+08:00" Order="1" PhaseType="3" Venue="YSC"><ItemName Language="ENG" Value="4-man Training 5"/></Unit></Competition></OdfBody>`;
    expect(service.ingestor.ingest(Buffer.from(schedule), 'BOB schedule').outcome).toBe('stored');
    service.derive.flush();
    for (const locale of LOCALE_IDS) {
      const { status, html } = await page(`/discipline/list?lang=${locale}`);
      expect(status, locale).toBe(200);
      expect(text(html), locale).toContain('Bobsleigh');
    }
  });
});
