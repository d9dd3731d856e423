import { isElement, type Element } from '../../../core/feedValues';
import { accessorFor } from '../../../core/valuePath';
import type { Layout, LayoutColumn } from '../../../core/sports/types';
import { projectCell } from '../../../core/views/cells';
import { columnValues, labelText, type ViewContext } from '../../../core/views/layout';
import { legendMatcherOf } from '../../../core/views/legendCache';
import {
  cellText,
  type CellValue,
  type ScoreboardPeriod,
  type ScoreboardSide,
  type ScoreboardView,
  type WidgetView,
} from '../../../core/views/types';
import { PERIOD_SCORE_IDS, SCOREBOARD_ROLE_IDS, type ScoreboardRole } from '../../../core/views/scoreboardRoles';

/** A side while the projection decides its winner. */
type DraftSide = { -readonly [K in keyof ScoreboardSide]: ScoreboardSide[K] } & { rank?: string };

const ROLE_SET: ReadonlySet<string> = new Set(SCOREBOARD_ROLE_IDS);
const isRole = (id: string): id is ScoreboardRole => ROLE_SET.has(id);

/** The context of values within the result (periods, extras): no medal ranks there. */
function nested(context: ViewContext): ViewContext {
  const { medalRanks: _medalRanks, ...rest } = context;
  return rest;
}

const cellOf = (column: LayoutColumn, row: unknown, context: ViewContext): CellValue =>
  projectCell(column.cell, columnValues(column, row), row, context);

/** One side: its roles' cells, the outcome, the IRM in words, the sport's extras with their labels. */
function sideOf(row: Element, index: number, layout: Layout, context: ViewContext): DraftSide {
  const roles: Partial<Record<ScoreboardRole, CellValue>> = {};
  const extras: { label: string; value: CellValue }[] = [];
  for (const column of layout.columns ?? []) {
    const value = cellOf(column, row, context);
    if (isRole(column.id)) roles[column.id] = value;
    else if (cellText(value) !== '')
      extras.push({ label: labelText(context.sport, context.locale, column.label), value });
  }
  const irmCode = cellText(roles.irm);
  const legend = legendMatcherOf(context.sport).match(row, {
    module: layout.legendModule ?? 'result',
    ...(context.eventCode ? { eventCode: context.eventCode } : {}),
  });
  const irmEntry = legend.find((entry) => entry.key === 'IRM' && entry.title === irmCode);
  const key = accessorFor('Competitor.Code').text(row) ?? `#${index}`;
  const text = (role: ScoreboardRole) => cellText(roles[role]);
  return {
    key,
    name: roles.name ?? '',
    ...(roles.organisation !== undefined && text('organisation') !== '' ? { organisation: roles.organisation } : {}),
    ...(text('homeAway') ? { homeAway: text('homeAway') } : {}),
    ...(text('score') ? { score: text('score') } : {}),
    winner: text('wlt') === 'W',
    ...(irmCode
      ? { irm: { code: irmCode, ...(irmEntry ? { words: irmEntry.description[context.locale] } : {}) } }
      : {}),
    ...(text('rank') ? { rank: text('rank') } : {}),
    extras,
  };
}

/** The layout's section of the unit's periods: the first with home and away columns. */
const periodsSection = (layout: Layout) =>
  (layout.sections ?? []).find((s) => PERIOD_SCORE_IDS.every((id) => s.columns.some((c) => c.id === id)));

/** The unit's periods from its periods section: label, home, away. */
function unitPeriods(
  section: NonNullable<Layout['sections']>[number],
  document: unknown,
  context: ViewContext,
): ScoreboardPeriod[] {
  const [labelColumn] = section.columns;
  const home = section.columns.find((c) => c.id === 'home')!;
  const away = section.columns.find((c) => c.id === 'away')!;
  return accessorFor(section.rows)
    .all(document)
    .filter(isElement)
    .flatMap((period) => {
      const scores = [cellText(cellOf(home, period, context)), cellText(cellOf(away, period, context))] as const;
      // A period without scores of its own (a `TOT` row of match totals) is the main score's.
      if (scores[0] === '' && scores[1] === '') return [];
      return [{ label: labelColumn ? cellText(cellOf(labelColumn, period, context)) : '', scores }];
    });
}

/** Each side's periods from the layout's first detail (label, score), lined up by label. */
function sidePeriods(layout: Layout, rows: readonly Element[], context: ViewContext): ScoreboardPeriod[] {
  const detail = layout.details?.[0];
  if (!detail || detail.columns.length < 2) return [];
  const [labelColumn, scoreColumn] = detail.columns as [LayoutColumn, LayoutColumn];
  const order: string[] = [];
  const bySide = rows.map((row) => {
    const scores = new Map<string, string>();
    for (const item of accessorFor(detail.rows).all(row).filter(isElement)) {
      const label = cellText(cellOf(labelColumn, item, context));
      const score = cellText(cellOf(scoreColumn, item, context));
      if (score === '') continue;
      if (!order.includes(label)) order.push(label);
      scores.set(label, score);
    }
    return scores;
  });
  return order.map((label) => ({ label, scores: [bySide[0]?.get(label) ?? '', bySide[1]?.get(label) ?? ''] }));
}

const HOME = /^H(OME)?$/i;

/**
 * A head-to-head unit's scoreboard: its two sides in home-then-away order (else the result's order),
 * the score, the winner (`WLT`, else rank 1 against a lower rank), the IRM in words, the periods
 * (the unit's `Periods`, else each side's per-set values) and the sport's extras. A document with
 * other than two sides is no head-to-head unit: the view has no sides and the widget draws nothing.
 */
export function projectScoreboard(layout: Layout, document: unknown, context: ViewContext): WidgetView {
  const rows = accessorFor(layout.rows ?? 'Competition.Result')
    .all(document)
    .filter(isElement);
  const inner = nested(context);
  const sides = rows.map((row, i) => sideOf(row, i, layout, inner));
  if (sides.length !== 2) return { kind: 'scoreboard', sides: [] as unknown as ScoreboardView['sides'], periods: [] };
  let ordered = sides;
  let orderedRows = rows;
  if (sides[1]!.homeAway && HOME.test(sides[1]!.homeAway) && !HOME.test(sides[0]!.homeAway ?? '')) {
    ordered = [sides[1]!, sides[0]!];
    orderedRows = [rows[1]!, rows[0]!];
  }
  const [first, second] = ordered as [DraftSide, DraftSide];
  // Without an outcome, rank 1 against a lower rank wins (a decided bout the feed ranks).
  if (!first.winner && !second.winner && first.rank && second.rank && first.rank !== second.rank) {
    if (first.rank === '1') first.winner = true;
    else if (second.rank === '1') second.winner = true;
  }
  const strip = ({ rank: _rank, ...side }: DraftSide): ScoreboardSide => side;
  const section = periodsSection(layout);
  const periods = section ? unitPeriods(section, document, inner) : sidePeriods(layout, orderedRows, inner);
  const periodsSource = section ?? layout.details?.[0];
  return {
    kind: 'scoreboard',
    sides: [strip(first), strip(second)],
    periods,
    ...(periods.length > 0 && periodsSource
      ? { periodsLabel: labelText(context.sport, context.locale, periodsSource.label) }
      : {}),
  };
}

export default projectScoreboard;
