/**
 * Every sport plugin against the product specification. The expected tables are written here from
 * spec sections 1 and 2, not read back from the plugins, so a plugin that drifts from the spec fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SportConfig } from '../../schemas/sport';
import { sportFolders } from '../../codegen/load';
import { ROOT } from '../../codegen/paths';
import { checkPlugins } from '../../codegen/validate';

/** Spec section 1: the sport codes of the games. */
const SPEC_CODES = (
  'ARC ATH ATM ATW BBL BDM BK3 BKB BMF BMX BOX BRE CLB CRD CSL CSP CTR DIV EQU FBL FEN GAR GLF GRY GTR HBL ' +
  'HOC JUD MPN MTB OWS RCB ROW RUG SAL SBL SHO SKB SRF SWA SWM TEN TKW TRI TTE VBV VVO WLF WPO WRE WSD WTL'
).split(' ');

/**
 * Spec section 2 "Unit pages", plus playByPlay for the team ball sports whose feeds carry it, and
 * football's statistics: its DT_RESULT carries every player's statistics and the team's (issue 23).
 */
const STANDARD = ['startlist', 'result', 'report'];
const UNIT_TABS: Record<string, string[]> = {
  BK3: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  BKB: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  HBL: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  HOC: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  RUG: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  WPO: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  BBL: ['startlist', 'result', 'playByPlay', 'report'],
  FBL: ['startlist', 'result', 'statistics', 'playByPlay', 'report'],
  SBL: ['startlist', 'result', 'playByPlay', 'report'],
  VVO: ['startlist', 'result', 'playByPlay', 'report'],
  ATH: ['startlist', 'result', 'summary', 'report'],
  MPN: ['startlist', 'result', 'summary', 'bracket', 'report'],
  CSL: ['startlist', 'result', 'trialGrade', 'report'],
  DIV: ['startlist', 'result', 'motionexplain', 'report'],
  GAR: [
    'startlist',
    'result',
    'startListInd',
    'resultInd',
    'teamResult',
    'cumulative',
    'cumulative3A',
    'apparatusresults',
    'report',
  ],
  SAL: ['startlist', 'result', 'resultTotal', 'report'],
  SWA: ['startlist', 'result', 'summaryResult', 'report'],
  BOX: ['result', 'report'],
  JUD: ['result', 'report'],
  TKW: ['result', 'report'],
  WRE: ['result', 'report'],
};

/** Spec section 2 "Sport-level pages". */
const PAGE_SPORTS: Record<string, string> = {
  brackets: 'ARC BBL BDM BK3 BKB BOX BRE CLB FBL FEN HBL HOC JUD RUG SBL TEN TKW TTE VBV VVO WPO WRE WSD',
  poolstanding: 'BBL BDM BK3 BKB BRE FBL FEN HBL HOC RUG SBL TTE VBV VVO WPO',
  summary: 'GLF GRY GTR SAL SWM WTL',
  summaryTeam: 'GTR',
  group: 'ARC',
  statistics: 'ATH CTR',
  freePeoples: 'FEN',
  cumulative: 'SWA',
  record: 'ARC ATH CLB CTR SHO SWM',
};
/** The fencing pages take no `event` parameter; every other page does. */
const NO_EVENT_PARAMETER = new Set(['FEN/freePeoples', 'FEN/poolstanding', 'FEN/brackets']);

function expectedPages(code: string): Record<string, { event: boolean }> {
  const pages: Record<string, { event: boolean }> = {};
  for (const [page, sports] of Object.entries(PAGE_SPORTS)) {
    if (sports.split(' ').includes(code)) pages[page] = { event: !NO_EVENT_PARAMETER.has(`${code}/${page}`) };
  }
  return pages;
}

/** Spec section 2 "Per-sport submenus": 2 group or statistics, 3 bracket, 4 record. */
function expectedMenu(code: string): Record<string, string> {
  const pages = expectedPages(code);
  const menu: Record<string, string> = {};
  const second = ['poolstanding', 'group', 'statistics'].find((page) => page in pages);
  if (second) menu['2'] = second;
  if ('brackets' in pages) menu['3'] = 'brackets';
  if ('record' in pages) menu['4'] = 'record';
  return menu;
}

const sportsDir = join(ROOT, 'sports');
const folders = sportFolders();
const read = (code: string): SportConfig => JSON.parse(readFileSync(join(sportsDir, code, 'sport.json'), 'utf8'));

describe('sport plugins', () => {
  // A sport added after the spec (a copied folder) is one folder more, not a failure here.
  it('has a folder for every sport code of the spec', () => {
    expect(SPEC_CODES).toHaveLength(52);
    expect(SPEC_CODES.filter((code) => !folders.includes(code))).toEqual([]);
  });

  it('all validate with sports:check, one sport per folder', () => {
    const { problems, sports } = checkPlugins();
    expect(problems).toEqual([]);
    expect([...sports.keys()].sort()).toEqual([...folders].sort());
  });

  describe.each(SPEC_CODES)('%s', (code) => {
    const sport = read(code);

    it('declares the unit tabs of the spec, in order', () => {
      expect(sport.unitTabs).toEqual(UNIT_TABS[code] ?? STANDARD);
    });

    it('declares the sport-level pages of the spec, with the event parameter', () => {
      expect(sport.pages).toEqual(expectedPages(code));
    });

    it('keys its submenu by position', () => {
      const menu = Object.fromEntries(Object.entries(sport.menu).map(([slot, entry]) => [slot, entry?.page]));
      expect(menu).toEqual(expectedMenu(code));
    });

    it('references the IRM set and describes every mark in three languages', () => {
      expect(sport.legend.sets.map((s) => s.set)).toContain('irm');
    });

    it('has labels with the same keys in all three locales, translated', () => {
      const keys = Object.keys(sport.labels.zh_CN).sort();
      expect(Object.keys(sport.labels.zh_HK).sort()).toEqual(keys);
      expect(Object.keys(sport.labels.en_US).sort()).toEqual(keys);
      const differs = keys.filter((k) => sport.labels.en_US[k] !== sport.labels.zh_CN[k]);
      // Abbreviations (J1, DD) may read the same in every language; the words may not.
      if (keys.length > 0) expect(differs.length).toBeGreaterThan(0);
      const untranslated = keys.filter((k) => /[\u4e00-\u9fff]/.test(sport.labels.en_US[k] ?? ''));
      expect(untranslated).toEqual([]);
      expect(sport.name.en_US).not.toBe(sport.name.zh_CN);
    });

    it('lays out every declared tab and page with columns where it draws a table', () => {
      expect(Object.keys(sport.layouts.tabs).sort()).toEqual([...sport.unitTabs].sort());
      expect(Object.keys(sport.layouts.pages).sort()).toEqual(Object.keys(sport.pages).sort());
      for (const layout of [...Object.values(sport.layouts.tabs), ...Object.values(sport.layouts.pages)]) {
        if (layout?.widget === 'table' || layout?.widget === 'poolStanding') {
          expect(layout.columns?.length).toBeGreaterThanOrEqual(2);
        }
      }
    });
  });
});

/** Every value path a layout of the sport names, tab or page, with the layout's key. */
function layoutPaths(sport: SportConfig, where: 'tabs' | 'pages', id: string): string[] {
  const layout = sport.layouts[where][id];
  if (!layout) return [];
  return [
    layout.rows ?? '',
    ...(layout.columns ?? []).map((c) => `${c.cell}:${c.path}`),
    ...(layout.details ?? []).flatMap((d) => [`details:${d.rows}`, ...d.columns.map((c) => `${c.cell}:${c.path}`)]),
    ...(layout.sections ?? []).flatMap((d) => [`sections:${d.rows}`, ...d.columns.map((c) => `${c.cell}:${c.path}`)]),
  ];
}

/**
 * Spec section 3 "Result-row data fields": the columns a spectator of each kind of sport expects,
 * as patterns over `cell:path` of the named layout.
 */
const EXPECTED_FIELDS: [string, 'tabs' | 'pages', string, RegExp[]][] = [
  ['SWM', 'tabs', 'result', [/:StartOrder$/, /REACT_TIME/, /details:.*INTERMEDIATE/, /^time:Result$/]],
  ['ATH', 'tabs', 'result', [/REACT_TIME/, /WIND_SPEED/, /^rank:Rank$/]],
  ['ROW', 'tabs', 'result', [/INTERMEDIATE/]],
  ['CSP', 'tabs', 'result', [/INTERMEDIATE/]],
  ['CTR', 'tabs', 'result', [/INTERMEDIATE/]],
  ['TEN', 'tabs', 'result', [/^sections:Competition\.Periods\.Period$/]],
  ['BDM', 'tabs', 'result', [/^sections:Competition\.Periods\.Period(\[Code=[^\]]+\])?$/]],
  ['TTE', 'tabs', 'result', [/^sections:Competition\.Periods\.Period$/]],
  ['GAR', 'tabs', 'apparatusresults', [/EXECUTION/, /DIFFICULTY/, /PENALTY/]],
  ['GTR', 'tabs', 'result', [/EXECUTION/, /DIFFICULTY/, /PENALTY/]],
  ['GRY', 'tabs', 'result', [/EXECUTION/, /DIFFICULTY/, /PENALTY/]],
  ['SHO', 'tabs', 'result', [/SERIES/, /SHOT/]],
  ['BBL', 'pages', 'poolstanding', [/TQB/]],
  ['SBL', 'pages', 'poolstanding', [/TQB/]],
  ...PAGE_SPORTS.poolstanding!.split(' ').map(
    (code) =>
      [code, 'pages', 'poolstanding', [/:Played$/, /:Won$/, /:Lost$/, /:For$/, /:Against$/, /:Diff$/, /:Result$/]] as [
        string,
        'tabs' | 'pages',
        string,
        RegExp[],
      ],
  ),
];

describe('layouts show the fields the spec names', () => {
  it.each(EXPECTED_FIELDS)('%s %s/%s', (code, where, id, patterns) => {
    const paths = layoutPaths(read(code), where, id);
    for (const pattern of patterns) expect(paths, String(pattern)).toContainEqual(expect.stringMatching(pattern));
  });

  it('shows TQB only in the baseball and softball pool tables', () => {
    const withTqb = PAGE_SPORTS.poolstanding!.split(' ').filter((code) =>
      layoutPaths(read(code), 'pages', 'poolstanding').some((p) => p.includes('TQB')),
    );
    expect(withTqb.sort()).toEqual(['BBL', 'SBL']);
  });
});
