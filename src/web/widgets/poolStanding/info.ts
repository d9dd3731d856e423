import type { PoolView } from '../../../core/views/types';

/**
 * What a results site shows of a pool beyond its standing (issue 25): each game against each
 * opponent, played (score) or to come (date), and how far the pool is. Kept beside the shared
 * PoolView fields, so the pool's projection and renderer alone carry it.
 */

/** A competitor of the grid: its number there (`Pos`, else its line) and delegation (`Organisation`). */
export interface PoolCompetitor {
  readonly code: string;
  readonly name: string;
  readonly short: string;
  readonly number?: number;
  readonly organisation?: string;
}

/** A game of the matrix: `result` is empty for a game not played yet (its date then says when). */
export interface PoolCell {
  readonly result: string;
  readonly unit?: string;
  readonly wlt?: string;
  /** `Opponent/@Date` (yyyy-mm-dd). */
  readonly date?: string;
}

/** `Competition/ExtendedInfos/Progress`: games played of all, and the latest one. */
export interface PoolProgress {
  readonly total?: number;
  readonly complete?: number;
  /** The latest game's unit (`LastUnit`). */
  readonly last?: string;
  /** The latest game as the matrix has it: "Guangdong 81-70 Shanghai" (short names). */
  readonly lastGame?: { readonly home: string; readonly result: string; readonly away: string };
  /** The latest game by its phase's name and number ("Group A 4"), when the grid does not hold it. */
  readonly lastName?: string;
}

export type PoolWithInfo = Omit<PoolView, 'matrix'> & {
  readonly matrix: {
    readonly competitors: readonly PoolCompetitor[];
    readonly results: readonly (readonly (PoolCell | null)[])[];
  };
  readonly progress?: PoolProgress;
};
