import { PHASE_LANGUAGE, phasePartName } from '../../../core/phases';
import type { LocaleId } from '../../../core/sports/vocabulary';
import type { BracketSlot } from '../../../core/views/types';
import type { MatchWithMore } from './more';

/**
 * What a results site shows of a bracket match beyond its two names and scores (issue 25): when it
 * is played, its score, where each place comes from ("winner of ...") and a team's players. Kept
 * beside the shared BracketMatch/BracketSlot fields, so the bracket's projection and renderer alone
 * carry it.
 */

/** A place's previous unit (ODF `CompetitorPlace/PreviousUnit`): the unit, and what in it leads here. */
export interface PlaceSource {
  /** The previous unit's code (an RSC). */
  readonly unit: string;
  /** `W`: its winner, `L`: its loser. */
  readonly wlt?: string;
  /** The place's rank in the previous unit (a group's first ...), shown when WLT does not say it. */
  readonly rank?: string;
  /** The previous unit by name in the page's language ("Semifinal 1"), when its phase is known. */
  readonly name?: string;
}

/** A member of a team place: name by the names rules, and bib. */
export interface PlaceMember {
  readonly name: string;
  readonly bib?: string;
}

export type SlotWithInfo = BracketSlot & {
  /** The competitor's bib (`Competitor/@Bib`). */
  readonly bib?: string;
  /** Where the place comes from (its previous units). */
  readonly from?: readonly PlaceSource[];
  /** A team's members (`Competitor/Composition/Athlete`), when the place is a team. */
  readonly members?: readonly PlaceMember[];
};

export type MatchWithInfo = Omit<MatchWithMore, 'slots'> & {
  /** `BracketItem/@Date` (yyyy-mm-dd). */
  readonly date?: string;
  /** `BracketItem/@Time`, as hh:mm. */
  readonly time?: string;
  /** `BracketItem/@Result`: the match's score. */
  readonly result?: string;
  readonly slots: readonly [SlotWithInfo, SlotWithInfo];
};

/** ODF times come as `15:00`, `1500` or `150000000` (hhmmssmmm): shown as hh:mm. */
export function clockTime(time: string | undefined): string | undefined {
  if (!time) return undefined;
  const colon = /^(\d{1,2}):(\d{2})/.exec(time);
  if (colon) return `${colon[1]!.padStart(2, '0')}:${colon[2]}`;
  const digits = /^(\d{2})(\d{2})\d*$/.exec(time);
  return digits ? `${digits[1]}:${digits[2]}` : time;
}

/**
 * A unit's phase part and number from its RSC (`...SFNL000200--`: `SFNL`, 2), to name it "Semifinal
 * 2"; undefined for a code that is not a unit's.
 */
export function unitParts(unit: string): { phase: string; number?: number } | undefined {
  if (unit.length < 30) return undefined;
  const phase = unit.slice(22, 26);
  if (/^-+$/.test(phase)) return undefined;
  const digits = unit.slice(26, 30);
  const number = /^\d{4}$/.test(digits) ? Number(digits) : NaN;
  return Number.isFinite(number) && number > 0 ? { phase, number } : { phase };
}

/** "Semifinal 2", "半决赛第2场": a unit by its phase's name and number; undefined for an unknown phase. */
export function unitName(unit: string, locale: LocaleId): string | undefined {
  const parts = unitParts(unit);
  const phase = parts && phasePartName(parts.phase);
  if (!parts || !phase) return undefined;
  const language = PHASE_LANGUAGE[locale];
  const name = phase[language];
  if (parts.number === undefined) return name;
  return language === 'ENG' ? `${name} ${parts.number}` : `${name}第${parts.number}${language === 'CHI' ? '场' : '場'}`;
}
