/**
 * What the widgets draw: a plugin layout applied to a document, reduced to display values. Views are
 * plain JSON, built once by the loader (on the server for the first HTML, in the browser after) and
 * carried in the hydration payload instead of the document, which can weigh megabytes.
 */
import type { Breakpoint, CellKind } from '../sports/vocabulary';

/**
 * One cell: the text alone (most cells, kept as a bare string so a 5,000-row field stays small in
 * the hydration payload), or the text with what else the cell needs.
 */
export type CellValue = string | RichCell;

/** The medals, in order; a medal cell's text and a rank cell's `medal`. */
export const MEDAL_COLOURS = ['gold', 'silver', 'bronze'] as const;
export type MedalColour = (typeof MEDAL_COLOURS)[number];

/** A cell's text with a short form for narrow screens, a title, a link, parts. */
export interface RichCell {
  readonly text: string;
  readonly short?: string;
  readonly title?: string;
  /** A competitor or organisation code the cell can link to. */
  readonly link?: string;
  /** For `rank`: the competitor shares the rank (RankEqual). */
  readonly equal?: boolean;
  /** For `rank` in a medal unit's settled result: the medal the rank wins. */
  readonly medal?: MedalColour;
  /** Several values (splits, periods, marks), shown side by side. */
  readonly parts?: readonly string[];
}

export interface ViewColumn {
  readonly id: string;
  readonly label: string;
  readonly cell: CellKind;
  readonly width?: number;
  readonly align?: 'start' | 'center' | 'end';
  readonly hideBelow?: Breakpoint;
  /** How the column sorts when a spectator clicks its header. */
  readonly sort: 'number' | 'text' | 'time';
}

export interface ViewLegendEntry {
  readonly title: string;
  readonly description: string;
}

/** A kind of row detail (splits, members ...): declared once per table, filled per row. */
export interface ViewDetail {
  readonly id: string;
  readonly label: string;
  readonly columns: readonly ViewColumn[];
}

/** A row's details, one list of cell rows per `TableView.details` entry (empty when it has none). */
export type RowDetails = readonly (readonly (readonly CellValue[])[])[];

/** The code a cell stands for (a competitor or delegation it links to), if any. */
export const cellCode = (value: CellValue | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : (value.link ?? value.text);

/** The text of a cell, whatever its form. */
export const cellText = (value: CellValue | undefined): string =>
  value === undefined ? '' : typeof value === 'string' ? value : value.text;

/** A feed value no layout of the plugin shows, under "More": its label and its text (issue 25). */
export type MoreItem = readonly [label: string, value: string];

export interface ViewRow {
  /** Stable across refreshes (competitor code, else position): tells what changed. */
  readonly key: string;
  readonly cells: readonly CellValue[];
  /** Titles of the legend marks the row carries (absent when none). */
  readonly marks?: readonly string[];
  /** An irregular result (DNS, DSQ ...): ranked after every regular result whatever the sort. */
  readonly irregular?: true;
  /** A group's totals row (a team's own statistics under its players): kept last whatever the sort. */
  readonly totals?: true;
  readonly group?: string;
  /** Row details, aligned with the table's `details` (absent when the row has none). */
  readonly details?: RowDetails;
  /** The row's feed values no layout shows (absent when there are none). */
  readonly more?: readonly MoreItem[];
  /** What a reader may type to find the row, folded (src/core/views/find.ts); only in long tables. */
  readonly find?: string;
}

/** A small table read from the document itself (unit-level period scores, officials), under the main one. */
export interface ViewSection extends ViewDetail {
  readonly rows: readonly (readonly CellValue[])[];
}

/** A table's filter as a link holds it (`?q=`, `?org=`): the query folded (views/find.ts), a delegation's code. */
export interface RowFilter {
  readonly q: string;
  readonly org: string;
}

/** A delegation a table's rows stand for: its code, and its name as the table shows it. */
export interface DelegationOption {
  readonly code: string;
  readonly label: string;
}

export interface TableView {
  readonly kind: 'table';
  readonly columns: readonly ViewColumn[];
  readonly rows: readonly ViewRow[];
  readonly details: readonly ViewDetail[];
  /** Sections of the document with content (absent when none has). */
  readonly sections?: readonly ViewSection[];
  readonly legend: readonly ViewLegendEntry[];
  /**
   * Set when `rows` holds only the first rows of a longer table (a page's first render of a big
   * field): the table's full length. The legend still describes every row.
   */
  readonly rowCount?: number;
  /**
   * Set when `rows` are those a filter (a `?q=` or `?org=` link) kept of a longer table: all of
   * them, since the browser can find no others without the whole table.
   */
  readonly chosenBy?: RowFilter;
  /**
   * Set with `rowCount`: the delegations of every row, for the table's delegation filter (the rows
   * held may be a few of them), by code, named as the page names them, in the page's order.
   */
  readonly delegations?: readonly DelegationOption[];
  /** Set with `rowCount` when the rows have find keys: the rows held were sent without theirs. */
  readonly findable?: boolean;
}

export interface BracketSlot {
  readonly name: string;
  readonly organisation?: string;
  readonly result?: string;
  readonly winner: boolean;
  /** BYE (no opponent) or TBD (not known yet). */
  readonly vacant?: 'BYE' | 'TBD';
}

export interface BracketMatch {
  readonly code: string;
  readonly order: number;
  readonly unit?: string;
  readonly slots: readonly [BracketSlot, BracketSlot];
}

export interface BracketRound {
  readonly code: string;
  readonly label: string;
  readonly matches: readonly BracketMatch[];
}

export interface BracketView {
  readonly kind: 'bracket';
  /** Rounds that feed one another, first round first. */
  readonly rounds: readonly BracketRound[];
  /** Matches outside the main tree: the bronze medal match, placing matches. */
  readonly extra: readonly BracketRound[];
  readonly legend: readonly ViewLegendEntry[];
}

export interface PoolMatrix {
  /** Competitors in standing order: row and column headers. */
  readonly competitors: readonly { code: string; name: string; short: string }[];
  /** `results[i][j]`: the score of competitor i against j, as i saw it, with the unit to link to. */
  readonly results: readonly (readonly ({ result: string; unit?: string; wlt?: string } | null)[])[];
}

export interface PoolView {
  readonly kind: 'pool';
  readonly table: TableView;
  readonly matrix: PoolMatrix;
}

/** One side of a head-to-head unit on its scoreboard, read by the scoreboard layout's column roles. */
export interface ScoreboardSide {
  readonly key: string;
  readonly name: CellValue;
  readonly organisation?: CellValue;
  /** `HOME` or `AWAY` as the feed gives it (`EventUnitEntry HOME_AWAY`), in words when labelled. */
  readonly homeAway?: string;
  readonly score?: string;
  readonly winner: boolean;
  /** An invalid result mark and its words from the sport's legend (walkover, retired, disqualified). */
  readonly irm?: { readonly code: string; readonly words?: string };
  /** What the sport adds per side (penalties, judges' totals, touches): label and value. */
  readonly extras: readonly { readonly label: string; readonly value: CellValue }[];
}

/** One period, set, game or round: its label and each side's score in it. */
export interface ScoreboardPeriod {
  readonly label: string;
  readonly scores: readonly [string, string];
}

export interface ScoreboardView {
  readonly kind: 'scoreboard';
  readonly sides: readonly [ScoreboardSide, ScoreboardSide];
  readonly periods: readonly ScoreboardPeriod[];
  /** The periods' heading (periods, sets, games, rounds). */
  readonly periodsLabel?: string;
  /** While the unit is played: the current period and the game clock, as DT_CURRENT gives them. */
  readonly live?: { readonly period?: string; readonly clock?: string };
}

export type WidgetView = TableView | BracketView | PoolView | ScoreboardView;
