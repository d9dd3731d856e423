/**
 * Names of the phase part of a Results System Code (characters 23-26: `FNL-`, `SFNL`, `GPA-` ...).
 * A unit's phase is read from its code, not from the schedule's `PhaseType`: in the ODF common codes
 * that says what kind of schedule entry a unit is (a competition unit, a victory ceremony, a draw),
 * and every competition unit of a real Paris 2024 schedule, from the first round to the final, has
 * the same `PhaseType="3"`.
 */
import { phaseOf } from './rsc';
import type { LocaleId } from './sports/vocabulary';

type Names = readonly [eng: string, chi: string, cht: string];

const PHASE_NAMES: Readonly<Record<string, Names>> = {
  FNL: ['Final', '决赛', '決賽'],
  SFNL: ['Semifinal', '半决赛', '半決賽'],
  QFNL: ['Quarterfinal', '四分之一决赛', '四分之一決賽'],
  '8FNL': ['Round of 16', '16强赛', '16強賽'],
  R16: ['Round of 16', '16强赛', '16強賽'],
  R32: ['Round of 32', '32强赛', '32強賽'],
  R64: ['Round of 64', '64强赛', '64強賽'],
  BRNZ: ['Bronze medal match', '铜牌赛', '銅牌賽'],
  BRZ: ['Bronze medal match', '铜牌赛', '銅牌賽'],
  BMD: ['Bronze medal match', '铜牌赛', '銅牌賽'],
  HEAT: ['Heats', '预赛', '預賽'],
  PREL: ['Preliminary', '预赛', '預賽'],
  QUAL: ['Qualification', '资格赛', '資格賽'],
  RND: ['Round', '轮次', '輪次'],
  REP: ['Repechage', '复活赛', '復活賽'],
  CLAS: ['Classification', '排位赛', '排位賽'],
  PLAC: ['Placing', '名次赛', '名次賽'],
  PLC: ['Placing', '名次赛', '名次賽'],
};

export interface PhaseName {
  readonly ENG: string;
  readonly CHI: string;
  readonly CHT: string;
}

/** The language of a phase name each locale reads. */
export const PHASE_LANGUAGE: Readonly<Record<LocaleId, keyof PhaseName>> = { zh_CN: 'CHI', zh_HK: 'CHT', en_US: 'ENG' };

/** A phase part of an RSC (`FNL-`, `SFNL`, `GPA-`) by name, or undefined for a part this table does not know. */
export function phasePartName(part: string): PhaseName | undefined {
  const phase = part.replace(/-+$/, '');
  const group = /^GP([A-Z0-9]{1,2})$/.exec(phase);
  if (group) {
    const g = group[1]!;
    return { ENG: `Group ${g}`, CHI: `${g}组`, CHT: `${g}組` };
  }
  const names = PHASE_NAMES[phase];
  return names ? { ENG: names[0], CHI: names[1], CHT: names[2] } : undefined;
}

/** The phase of a unit (or phase) code by name, or undefined for a code this table does not know. */
export const phaseName = (code: string): PhaseName | undefined => phasePartName(phaseOf(code).slice(22, 26));

/**
 * A phase part's title, never the raw code (a reader does not know `FNL-`): its name, else a generic
 * one, numbered when its place among the phases shown is given ("Round 2", "第2轮").
 */
export function phaseTitle(part: string, ordinal?: number): PhaseName {
  const named = phasePartName(part);
  if (named) return named;
  if (ordinal === undefined) return { ENG: 'Phase', CHI: '阶段', CHT: '階段' };
  return { ENG: `Round ${ordinal}`, CHI: `第${ordinal}轮`, CHT: `第${ordinal}輪` };
}
