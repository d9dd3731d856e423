import type { LegendKey } from '../sports/vocabulary';

/**
 * Where each legend key is read in a normalised ODF row (a `Result`, a bracket competitor or a
 * play-by-play action). A legend entry's `field` overrides this for that entry. Every path listed
 * is read; a mark matches when any value selected equals its code (or passes its `ruleRegx`).
 */
export const LEGEND_KEY_PATHS = {
  IRM: ['IRM'],
  Card: ['ExtendedResults.ExtendedResult[Code=CARD].Value'],
  QualificationMark: ['QualificationMark'],
  WARNINGS: ['ExtendedResults.ExtendedResult[Code=WARNING].Value'],
  RecordType: ['RecordIndicators.RecordIndicator.Code'],
  Value: ['Result'],
  WLT: ['WLT'],
} as const satisfies Record<LegendKey, readonly string[]>;
