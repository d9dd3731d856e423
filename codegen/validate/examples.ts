import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Layout, LayoutColumn, LegendEntry, SportConfig } from '../../schemas/sport';
import { LEGEND_KEY_PATHS } from '../../src/core/legend/keyPaths';
import { accessorFor } from '../../src/core/valuePath';
import { BRACKET_PLACES_PATH } from '../../src/core/views/layout';
import { projectCell } from '../../src/core/views/cells';
import { cellText } from '../../src/core/views/types';
import { decodeMessage } from '../../src/server/odf/decode';
import { readEnvelope } from '../../src/server/odf/envelope';
import { parseXml } from '../../src/server/odf/normalise';
import { displayPath } from '../load';
import { ProblemList, pointer, type Problem } from '../problems';

/**
 * A sport's examples: ODF messages written from its data dictionary (`sports/<CODE>/examples/*.xml`).
 * The plugin is checked against them as ESLint's RuleTester checks a rule against its cases: every
 * path a layout reads must find a value in at least one example of the layout's document type, so a
 * misspelt element, attribute or code fails here instead of showing a blank column to spectators.
 */
export interface SportExample {
  readonly file: string;
  readonly type: string;
  readonly code: string;
  readonly body: unknown;
}

/** Largest example read (a dictionary-shaped message of a few rows is a few KB). */
const EXAMPLE_MAX_BYTES = 4 * 1024 * 1024;

/** Reads and ingests-checks every example of a sport; a message that would not ingest is a problem of its file. */
export function readExamples(folder: string, code: string, problems: Problem[]): SportExample[] {
  const dir = join(folder, 'examples');
  if (!existsSync(dir)) return [];
  const out: SportExample[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.xml')) continue;
    const absolute = join(dir, name);
    const list = new ProblemList(displayPath(absolute));
    try {
      const text = decodeMessage(readFileSync(absolute), EXAMPLE_MAX_BYTES);
      const { root, element } = parseXml(text);
      const envelope = readEnvelope(root, element);
      if (envelope.documentCode.slice(0, 3) !== code) {
        list.add(
          '/OdfBody/DocumentCode',
          `DocumentCode ${JSON.stringify(envelope.documentCode)} is not of sport ${code}: an example belongs to its own sport`,
        );
      }
      out.push({ file: name, type: envelope.documentType, code: envelope.documentCode, body: element });
    } catch (error) {
      list.add('', `the example does not ingest: ${(error as Error).message}`);
    }
    problems.push(...list.items);
  }
  return out;
}

type Element = Record<string, unknown>;
const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasValue = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;

const selects = (path: string, items: readonly unknown[]): boolean =>
  items.some((item) => accessorFor(path).all(item).some(hasValue));

export const elementsAt = (path: string, items: readonly unknown[]): Element[] =>
  items.flatMap((item) => accessorFor(path).all(item).filter(isElement));

/** A column fills when its cell, drawn from what the path selects, has text in some row. */
export function fills(column: LayoutColumn, path: string, rows: readonly Element[]): boolean {
  return rows.some(
    (row) => cellText(projectCell(column.cell, accessorFor(path).all(row), row, { locale: 'en_US' })) !== '',
  );
}

function checkColumns(
  columns: readonly LayoutColumn[],
  rows: readonly Element[],
  at: string,
  where: string,
  list: ProblemList,
): void {
  columns.forEach((column, i) => {
    if (!fills(column, column.path, rows)) {
      list.add(`${at}/${i}/path`, `${JSON.stringify(column.path)} finds no value in ${where}`);
    }
    if (column.fallback && !fills(column, column.fallback, rows)) {
      list.add(`${at}/${i}/fallback`, `${JSON.stringify(column.fallback)} finds no value in ${where}`);
    }
  });
}

/**
 * The rows a layout reads from its examples (competitor places for a bracket), for the legend too;
 * with its groups' totals, their elements (a team's own statistics fill a column as well).
 */
export function layoutRows(layout: Layout, documents: readonly unknown[]): Element[] {
  if (layout.widget === 'bracket') return elementsAt(BRACKET_PLACES_PATH, documents);
  const rows = elementsAt(layout.rows ?? 'Competition.Result', documents);
  return layout.groups?.totals && rows.length > 0 ? [...rows, ...elementsAt(layout.groups.path, documents)] : rows;
}

function checkLayout(layout: Layout, at: string, examples: readonly SportExample[], list: ProblemList): Element[] {
  if (layout.document === 'REPORT_LIST') return [];
  const documents = examples.filter((e) => e.type === layout.document);
  if (documents.length === 0) {
    list.add(
      `${at}/document`,
      `no example of ${layout.document} in the sport's examples/ (every layout's document needs one)`,
    );
    return [];
  }
  const bodies = documents.map((d) => d.body);
  const where = `the ${layout.document} examples (${documents.map((d) => d.file).join(', ')})`;
  const rows = layoutRows(layout, bodies);
  if (rows.length === 0) {
    const path = layout.widget === 'bracket' ? BRACKET_PLACES_PATH : (layout.rows ?? 'Competition.Result');
    list.add(layout.rows ? `${at}/rows` : at, `${JSON.stringify(path)} finds no rows in ${where}`);
    return [];
  }
  checkColumns(layout.columns ?? [], rows, `${at}/columns`, where, list);
  layout.sort?.forEach((key, i) => {
    if (!selects(key.path, rows))
      list.add(`${at}/sort/${i}/path`, `${JSON.stringify(key.path)} finds no value in ${where}`);
  });
  if (layout.groupBy && !selects(layout.groupBy, rows)) {
    list.add(`${at}/groupBy`, `${JSON.stringify(layout.groupBy)} finds no value in ${where}`);
  }
  if (layout.groups) checkGroups(layout, bodies, `${at}/groups`, where, list);
  layout.details?.forEach((detail, i) => {
    const items = elementsAt(detail.rows, rows);
    if (items.length === 0) {
      list.add(`${at}/details/${i}/rows`, `${JSON.stringify(detail.rows)} finds no rows in ${where}`);
      return;
    }
    checkColumns(detail.columns, items, `${at}/details/${i}/columns`, where, list);
  });
  layout.sections?.forEach((section, i) => {
    const items = elementsAt(section.rows, bodies);
    if (items.length === 0) {
      list.add(`${at}/sections/${i}/rows`, `${JSON.stringify(section.rows)} finds no rows in ${where}`);
      return;
    }
    checkColumns(section.columns, items, `${at}/sections/${i}/columns`, where, list);
  });
  return layout.legendModule ? rows : [];
}

/**
 * A layout's `groups` must start its `rows` (sports:check refuses it otherwise, see sport.ts), find
 * elements, a heading on them when it names one, and, for totals, a value of some column other
 * than a name on them (the team's own statistics).
 */
function checkGroups(layout: Layout, bodies: readonly unknown[], at: string, where: string, list: ProblemList): void {
  const groups = layout.groups!;
  const elements = elementsAt(groups.path, bodies);
  if (elements.length === 0) {
    list.add(`${at}/path`, `${JSON.stringify(groups.path)} finds no elements in ${where}`);
    return;
  }
  if (groups.heading && !selects(groups.heading, elements)) {
    list.add(`${at}/heading`, `${JSON.stringify(groups.heading)} finds no value in ${where}`);
  }
  const totalsColumns = (layout.columns ?? []).filter((c) => c.cell !== 'name');
  if (groups.totals && !totalsColumns.some((c) => fills(c, c.path, elements))) {
    list.add(
      `${at}/totals`,
      `no column but a name finds a value on the elements of ${JSON.stringify(groups.path)} in ${where}`,
    );
  }
}

/** The paths a legend entry is read from: its `field`, else its key's defaults. */
const legendPaths = (entry: Pick<LegendEntry, 'key' | 'field'>): readonly string[] =>
  entry.field ? [entry.field] : LEGEND_KEY_PATHS[entry.key];

/**
 * Checks a plugin against its examples. Every layout of a declared tab or page must find its rows,
 * and every column, sort key, group, detail and section path a value, in at least one example of the
 * layout's document; every legend key (or `field`) must find a value in a row some legend reads.
 */
export function checkAgainstExamples(
  sport: SportConfig,
  examples: readonly SportExample[],
  legendSets: ReadonlyMap<string, readonly LegendEntry[]>,
  list: ProblemList,
): void {
  if (examples.length === 0) {
    list.add(
      '/layouts',
      `the sport has no examples: write ODF messages from its data dictionary in sports/${sport.code}/examples/ (see sports/README.md)`,
    );
    return;
  }
  const legendRows: Element[] = [];
  for (const [kind, layouts] of [
    ['tabs', sport.layouts.tabs],
    ['pages', sport.layouts.pages],
  ] as const) {
    for (const [id, layout] of Object.entries(layouts as Record<string, Layout | undefined>)) {
      if (layout) legendRows.push(...checkLayout(layout, pointer('layouts', kind, id), examples, list));
    }
  }
  const scoreboard = sport.layouts.scoreboard;
  if (scoreboard) {
    legendRows.push(...checkLayout(scoreboard, '/layouts/scoreboard', examples, list));
    if (scoreboard.live) checkLive(scoreboard.live, examples, list);
  }
  const where = 'any row a legend reads in the examples';
  sport.legend.entries.forEach((entry, i) => {
    const paths = legendPaths(entry);
    if (!paths.some((path) => selects(path, legendRows))) {
      list.add(
        `/legend/entries/${i}/${entry.field ? 'field' : 'key'}`,
        `${paths.map((p) => JSON.stringify(p)).join(' or ')} finds no value in ${where}`,
      );
    }
  });
  sport.legend.sets.forEach((reference, i) => {
    const only = reference.only ? new Set(reference.only) : undefined;
    const taken = (legendSets.get(reference.set) ?? []).filter((e) => !only || only.has(e.code));
    const readings = new Map<string, readonly string[]>();
    for (const entry of taken) {
      const paths = reference.field ? [reference.field] : legendPaths(entry);
      readings.set(paths.join(' or '), paths);
    }
    for (const paths of readings.values()) {
      if (!paths.some((path) => selects(path, legendRows))) {
        list.add(
          `/legend/sets/${i}${reference.field ? '/field' : ''}`,
          `set ${reference.set}: ${paths.map((p) => JSON.stringify(p)).join(' or ')} finds no value in ${where}`,
        );
      }
    }
  });
}

/** A scoreboard's live paths find the period and clock in the sport's examples of their document. */
function checkLive(live: NonNullable<Layout['live']>, examples: readonly SportExample[], list: ProblemList): void {
  const at = '/layouts/scoreboard/live';
  const bodies = examples.filter((e) => e.type === live.document).map((e) => e.body);
  if (bodies.length === 0) {
    list.add(`${at}/document`, `no example of ${live.document} in the sport's examples/ (the live paths read one)`);
    return;
  }
  for (const key of ['period', 'clock'] as const) {
    const path = live[key];
    if (path !== undefined && !selects(path, bodies))
      list.add(`${at}/${key}`, `${JSON.stringify(path)} finds no value in the ${live.document} examples`);
  }
}
