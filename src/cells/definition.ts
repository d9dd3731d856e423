import type { ComponentType } from 'react';
import type { ColumnPriority, LocaleId } from '../core/sports/vocabulary';
import type { SortType } from '../core/views/compare';
import type { CellValue, RichCell } from '../core/views/types';
import type { PageNames } from '../core/namesDirectory';

/**
 * A cell kind: one folder `src/cells/<kind>/`, as an ESLint rule is one module. `cell.ts` says what
 * the cell shows (read by the core's table projection, so by the site and the service alike); the
 * optional `view.tsx` draws it in the site, `report.ts` prints it in a PDF result report and
 * `demo.ts` makes up its value in the demo games. Codegen builds the kinds a layout may name and one
 * registry per part from the folders (src/generated/cell*.ts); a part a folder lacks is the plain
 * one of src/cells/plain.ts or views.tsx (its first value as it is).
 */
export interface CellDefinition {
  /** How its column sorts when a spectator clicks the header. */
  readonly sort: SortType;
  /** Its column's priority on a narrow screen when the layout declares none. */
  readonly priority: ColumnPriority;
  /**
   * The display value from the values its column's path selected in a row. Pure and total: whatever
   * the values, it returns a cell (an empty one when nothing fits).
   */
  project(values: readonly unknown[], row: unknown, context: CellContext): CellValue;
  /**
   * What else a reader may type to find the row by this cell, beyond the text it shows: a person's
   * name in the other languages and in pinyin, a delegation's code. A table's filter box matches
   * these (src/core/views/find.ts); kinds without it are found by their text alone, or not at all.
   */
  find?(values: readonly unknown[], row: unknown, context: CellContext): readonly string[];
  /** The cell stands for a delegation (its code, `cellCode`): a table's delegation filter reads it. */
  readonly delegation?: true;
}

export interface CellContext {
  readonly locale: LocaleId;
  /** Organisation code to its name in the locale (for titles); optional. */
  readonly organisations?: Readonly<Record<string, string>>;
  /** The document is a medal unit's settled result: ranks 1 to 3 are gold, silver and bronze. */
  readonly medalRanks?: boolean;
  /** People and teams by code (NAMES/{event}): names the document does not give in the locale's language. */
  readonly names?: PageNames;
  /** The sport's labels (its own over the shared ones): a code's label `code.<value>` (the code cell). */
  readonly sport?: { readonly labels: Readonly<Record<LocaleId, Readonly<Record<string, string>>>> };
}

/** What a cell's view is given: a value that is never empty (an empty cell draws nothing). */
export interface CellViewProps {
  readonly value: RichCell;
  /** The column's heading (an image's button names it). */
  readonly label: string;
  readonly kind: string;
}

/** How the site draws a cell kind (`view.tsx`). */
export interface CellViewDefinition {
  readonly Cell: ComponentType<CellViewProps>;
  /** Which followed list the cell's code is a key of: its row stands out when the spectator follows it. */
  readonly follows?: 'delegations' | 'athletes';
}

/**
 * What a PDF report needs that only the service knows, given to a cell's report text. Its Chinese is
 * the report's edition's: Simplified, or Traditional as Hong Kong writes it.
 */
export interface ReportCellContext {
  /** A competitor element's name in the edition's Chinese and in English. */
  competitorName(element: unknown): { chinese?: string; english?: string };
  /** A delegation's name in the edition's Chinese, by its code. */
  delegationName(code: string): string | undefined;
}

/** How a PDF result report prints a cell kind (`report.ts`). */
export interface CellReportDefinition {
  /** Its column's share of the page width; 0 leaves the column out of the report. */
  readonly weight: number;
  text(values: readonly unknown[], context: ReportCellContext): string;
}

/** What a demo row stands for when its values are made up: its place, and the unit's circumstances. */
export interface DemoRow {
  /** 0-based place in the ranking (or start order when there are no results yet). */
  index: number;
  /** How many rows there are. */
  count: number;
  /** The unit has results (rank, result, diff ...), not only a start list. */
  results: boolean;
  /** Advances to the next phase. */
  qualified: boolean;
  /** A mark for this row: an IRM, or a record broken. */
  irm?: string;
  record?: string;
  /** A match: the score of this side, and of each period. */
  score?: number;
  periods?: number[];
  won?: boolean;
}

/** The demo's seeded random numbers. */
export interface DemoRandom {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
}

/** What a demo value is made of: the row, the unit's base result and the column's attribute. */
export interface DemoValueContext {
  readonly row: DemoRow;
  readonly random: DemoRandom;
  /** The winner's result in seconds (or points) for the unit, scaled by the demo per sport. */
  readonly base: number;
  /** The last name of the column's path (`Result`, `Value`, `Score` ...). */
  readonly attribute: string;
}

/** How the demo games fill a cell kind (`demo.ts`). */
export type CellDemoDefinition =
  /** The generator writes the value itself (a competitor's structure): nothing to fill. */
  | { readonly fill: 'generator' }
  /** One value per repeated item (periods, splits), written item by item. */
  | { readonly fill: 'items' }
  | {
      readonly fill: 'value';
      /** A result: a table with such a column is left out of a start list. */
      readonly result?: boolean;
      /** Filled in a start list too, even under a result's attribute (a count, an order). */
      readonly inStartList?: boolean;
      value(context: DemoValueContext): string | undefined;
    };

/** Typed identity helpers, so each folder's module reads as a declaration. */
export const defineCell = (definition: CellDefinition): CellDefinition => definition;
export const defineCellView = (definition: CellViewDefinition): CellViewDefinition => definition;
export const defineCellReport = (definition: CellReportDefinition): CellReportDefinition => definition;
export const defineCellDemo = (definition: CellDemoDefinition): CellDemoDefinition => definition;

/**
 * A kind's part from a generated registry, or `plain` for a kind no folder has: plugins are validated
 * against the kinds, so only a stale one names a kind that is gone, and it is drawn plainly, never a crash.
 */
export const cellPart = <Part>(registry: Readonly<Record<string, Part>>, kind: string, plain: Part): Part =>
  Object.hasOwn(registry, kind) ? registry[kind]! : plain;
