import type { LegendKey } from '../sports/vocabulary';

/**
 * Where each legend key is read in a normalised ODF row (a `Result`, a bracket competitor or a
 * play-by-play action). A legend entry's `field` overrides this for that entry. Every path listed
 * is read; a mark matches when any value selected equals its code (or passes its `ruleRegx`).
 */
export const LEGEND_KEY_PATHS = {
  IRM: ['IRM'],
  // Where football's dictionary puts cards: a sanction on the row, or counts per kind on the row or
  // on a team's players (StatsItem YC, YRC, RC; the code itself is the mark).
  Card: [
    'ExtendedResults.ExtendedResult[Code=SANCTION].Value',
    'StatsItems.StatsItem[Code=YC|YRC|RC].Code',
    'Competitor.Composition.Athlete.StatsItems.StatsItem[Code=YC|YRC|RC].Code',
  ],
  QualificationMark: ['QualificationMark'],
  WARNINGS: ['ExtendedResults.ExtendedResult[Code=WARNING].Value'],
  RecordType: ['RecordIndicators.RecordIndicator.RecordType'],
  Value: ['Result'],
  WLT: ['WLT'],
} as const satisfies Record<LegendKey, readonly string[]>;
