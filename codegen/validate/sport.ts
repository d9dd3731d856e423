import type { LegendEntry, SportConfig } from '../../schemas/sport';
import { LOCALE_IDS, NOT_A_SPORT_CODE, PAGE_IDS, UNIT_TAB_IDS } from '../../src/core/sports/vocabulary';
import { didYouMean } from './schema';
import { pointer, type ProblemList } from '../problems';
import { checkLabelKeysAgree } from './labels';
import { checkDuplicateCodes, checkLegendEntry, type DeclaredEntry } from './legend';
import { simplifiedCharactersIn } from './traditional';
import { rowsBeneath } from '../../src/core/views/groups';
import { REQUIRED_SCOREBOARD_ROLES } from '../../src/core/views/scoreboardRoles';

export interface SportContext {
  /** The folder the file sits in, which the code must equal. */
  readonly folder: string;
  /** Shared legend sets by name. */
  readonly legendSets: ReadonlyMap<string, readonly LegendEntry[]>;
  /** Keys of the shared labels every sport inherits. */
  readonly sharedLabelKeys: ReadonlySet<string>;
}

/** The rules a JSON Schema cannot state; run on a plugin that already passed the schema. */
export function checkSportRules(sport: SportConfig, context: SportContext, problems: ProblemList): void {
  if (sport.code !== context.folder) {
    problems.add(
      '/code',
      `code ${JSON.stringify(sport.code)} differs from its folder ${JSON.stringify(context.folder)}`,
    );
  }
  if (sport.code === NOT_A_SPORT_CODE) {
    problems.add('/code', `code ${JSON.stringify(sport.code)} is reserved: tests use it for "not a sport"`);
  }
  const idsKnown = checkOwnIds(sport, context, problems);
  checkLabelKeysAgree(sport.labels, '/labels', problems);
  checkTraditional(sport, problems);
  checkLegend(sport, context, problems);
  // An unknown id is reported once, not again as a tab without a layout and a layout without a tab.
  if (idsKnown) checkLayouts(sport, problems);
  checkLabelReferences(sport, context, problems);
  for (const [slot, entry] of Object.entries(sport.menu)) {
    if (entry && !Object.hasOwn(sport.pages, entry.page)) {
      problems.add(
        `/menu/${slot}/page`,
        `menu position ${slot} points to page ${JSON.stringify(entry.page)}, which the sport does not declare in "pages"`,
      );
    }
  }
}

/**
 * Tab and page ids: the core's, or declared by the plugin in `ownTabs`/`ownPages` (an id only this
 * sport uses), each own id used and labelled, so a misspelt core id is still caught.
 */
function checkOwnIds(sport: SportConfig, context: SportContext, problems: ProblemList): boolean {
  let allKnown = true;
  const kinds = [
    {
      kind: 'tab',
      core: UNIT_TAB_IDS,
      own: sport.ownTabs ?? [],
      used: sport.unitTabs,
      at: '/unitTabs',
      ownKey: 'ownTabs',
    },
    {
      kind: 'page',
      core: PAGE_IDS,
      own: sport.ownPages ?? [],
      used: Object.keys(sport.pages),
      at: '/pages',
      ownKey: 'ownPages',
    },
  ] as const;
  const labelled = (key: string) =>
    context.sharedLabelKeys.has(key) || LOCALE_IDS.every((locale) => Object.hasOwn(sport.labels[locale], key));
  for (const { kind, core, own, used, at, ownKey } of kinds) {
    const known = new Set<string>([...core, ...own]);
    used.forEach((id, i) => {
      if (known.has(id)) return;
      allKnown = false;
      const where = kind === 'tab' ? `${at}/${i}` : `${at}${pointer(id)}`;
      problems.add(
        where,
        `${JSON.stringify(id)} is not a known ${kind} id${didYouMean(id, [...known])}; allowed: ${[...known].join(', ')} (an id only this sport has is declared in "${ownKey}")`,
      );
    });
    own.forEach((id, i) => {
      const where = `/${ownKey}/${i}`;
      if ((core as readonly string[]).includes(id)) {
        problems.add(where, `${JSON.stringify(id)} is a core ${kind} id: it needs no declaring`);
      } else if (!(used as readonly string[]).includes(id)) {
        problems.add(where, `${JSON.stringify(id)} is declared but the sport has no such ${kind}`);
      } else if (!labelled(`${kind}.${id}`)) {
        problems.add(where, `${kind} ${JSON.stringify(id)} has no label "${kind}.${id}" in every language`);
      }
    });
  }
  return allKnown;
}

function checkTraditional(sport: SportConfig, problems: ProblemList): void {
  const name = simplifiedCharactersIn(sport.name.zh_HK);
  if (name) problems.add('/name/zh_HK', `zh_HK text has Simplified characters (${name})`);
  for (const [key, text] of Object.entries(sport.labels.zh_HK)) {
    const found = simplifiedCharactersIn(text);
    if (found) problems.add(`/labels/zh_HK${pointer(key)}`, `zh_HK text has Simplified characters (${found})`);
  }
}

function checkLegend(sport: SportConfig, context: SportContext, problems: ProblemList): void {
  const declared: DeclaredEntry[] = [];
  sport.legend.sets.forEach((reference, index) => {
    const at = `/legend/sets/${index}`;
    const entries = context.legendSets.get(reference.set);
    if (!entries) {
      const known = [...context.legendSets.keys()].sort().join(', ');
      problems.add(`${at}/set`, `no shared legend set ${JSON.stringify(reference.set)}; known sets: ${known}`);
      return;
    }
    const codes = new Set(entries.map((e) => e.code));
    reference.only?.forEach((code, i) => {
      if (!codes.has(code)) problems.add(`${at}/only/${i}`, `set ${reference.set} has no code ${JSON.stringify(code)}`);
    });
    const only = reference.only ? new Set(reference.only) : undefined;
    for (const entry of entries) {
      if (!only || only.has(entry.code)) declared.push({ entry, at, origin: ` (set ${reference.set})` });
    }
  });
  sport.legend.entries.forEach((entry, index) => {
    const at = `/legend/entries/${index}`;
    checkLegendEntry(entry, at, problems);
    declared.push({ entry, at, origin: '' });
  });
  checkDuplicateCodes(declared, problems);
}

function checkLayouts(sport: SportConfig, problems: ProblemList): void {
  checkScoreboard(sport, problems);
  const declared = [
    { kind: 'tab', ids: sport.unitTabs as readonly string[], layouts: sport.layouts.tabs, at: '/layouts/tabs' },
    { kind: 'page', ids: Object.keys(sport.pages), layouts: sport.layouts.pages, at: '/layouts/pages' },
  ];
  for (const { kind, ids, layouts, at } of declared) {
    for (const id of ids) {
      if (!Object.hasOwn(layouts, id)) problems.add(at, `missing layout for ${kind} ${JSON.stringify(id)}`);
    }
    for (const [id, layout] of Object.entries(layouts)) {
      const here = `${at}${pointer(id)}`;
      if (!ids.includes(id))
        problems.add(here, `layout for ${kind} ${JSON.stringify(id)}, which the sport does not declare`);
      if (!layout) continue;
      if (layout.widget === 'table' && !layout.columns) problems.add(here, 'a table layout needs "columns"');
      if (layout.widget !== 'reportList' && !layout.rows && layout.columns) {
        problems.add(here, 'a layout with columns needs "rows": where the rows are in the document');
      }
      if (layout.groups && layout.groupBy) problems.add(`${here}/groups`, '"groups" and "groupBy" exclude each other');
      if (layout.groups && !rowsBeneath(layout.rows ?? '', layout.groups.path)) {
        problems.add(
          `${here}/groups/path`,
          `${JSON.stringify(layout.groups.path)} does not start "rows" (${JSON.stringify(layout.rows ?? '')}): a group holds the rows beneath its element`,
        );
      }
      checkUniqueIds(layout.columns ?? [], `${here}/columns`, problems);
      layout.details?.forEach((detail, i) => checkUniqueIds(detail.columns, `${here}/details/${i}/columns`, problems));
      checkUniqueIds(layout.details ?? [], `${here}/details`, problems);
    }
  }
}

/** A scoreboard is drawn by the scoreboard widget, from a unit's result, with the roles it cannot lack. */
function checkScoreboard(sport: SportConfig, problems: ProblemList): void {
  const layout = sport.layouts.scoreboard;
  const at = '/layouts/scoreboard';
  if (!layout) return;
  if (layout.widget !== 'scoreboard')
    problems.add(`${at}/widget`, 'a scoreboard layout is drawn by the "scoreboard" widget');
  if (layout.document !== 'DT_RESULT') problems.add(`${at}/document`, "a scoreboard reads the unit's DT_RESULT");
  if (!layout.rows) problems.add(at, 'a scoreboard needs "rows": where the two sides are in the document');
  for (const role of REQUIRED_SCOREBOARD_ROLES) {
    if (!layout.columns?.some((c) => c.id === role))
      problems.add(`${at}/columns`, `a scoreboard needs a column with id ${JSON.stringify(role)}`);
  }
  checkUniqueIds(layout.columns ?? [], `${at}/columns`, problems);
  for (const group of ['tabs', 'pages'] as const) {
    for (const [id, other] of Object.entries(sport.layouts[group])) {
      if (other?.live)
        problems.add(`/layouts/${group}${pointer(id)}/live`, '"live" belongs to the scoreboard layout only');
    }
  }
}

function checkUniqueIds(items: readonly { id: string }[], at: string, problems: ProblemList): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) problems.add(`${at}/${index}/id`, `duplicate id ${JSON.stringify(item.id)}`);
    seen.add(item.id);
  });
}

/** Every label a layout or the menu names must exist in the sport's labels or the shared ones. */
function checkLabelReferences(sport: SportConfig, context: SportContext, problems: ProblemList): void {
  const own = new Set(LOCALE_IDS.flatMap((locale) => Object.keys(sport.labels[locale])));
  const known = (key: string) => own.has(key) || context.sharedLabelKeys.has(key);
  const need = (key: string, at: string) => {
    if (!known(key)) problems.add(at, `no label ${JSON.stringify(key)} in this sport's labels or the shared labels`);
  };
  for (const [slot, entry] of Object.entries(sport.menu)) if (entry) need(entry.label, `/menu/${slot}/label`);
  const layouts = [
    ...(['tabs', 'pages'] as const).flatMap((group) =>
      Object.entries(sport.layouts[group]).map(([id, layout]) => ({ layout, at: `/layouts/${group}${pointer(id)}` })),
    ),
    ...(sport.layouts.scoreboard ? [{ layout: sport.layouts.scoreboard, at: '/layouts/scoreboard' }] : []),
  ];
  for (const { layout, at } of layouts) {
    if (!layout) continue;
    layout.columns?.forEach((column, i) => need(column.label, `${at}/columns/${i}/label`));
    if (layout.groups?.totals) need(layout.groups.totals, `${at}/groups/totals`);
    layout.details?.forEach((detail, i) => {
      need(detail.label, `${at}/details/${i}/label`);
      detail.columns.forEach((column, j) => need(column.label, `${at}/details/${i}/columns/${j}/label`));
    });
  }
}
