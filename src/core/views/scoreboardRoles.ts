/**
 * What a scoreboard layout's columns are to the scoreboard, by column id: each side's name,
 * delegation, home or away, main score, outcome, rank and invalid result mark. Every other column is
 * something the sport adds per side (judo's penalties, boxing's judges' totals), shown under the side
 * with its label. The one source of the role names: the projection, the plugin check and the editors'
 * guide read them here.
 */
export const SCOREBOARD_ROLES = {
  name: 'the side: competitor, team or pair, by the names rules of the site (cell `name`)',
  organisation: 'its delegation (cell `organisation`)',
  homeAway: "home or away as the feed gives it (`EventUnitEntry[Code=HOME_AWAY].Value`); else the result's order",
  score: 'the main score (`Result`)',
  wlt: 'the outcome (`WLT`): W marks the winner',
  rank: 'the rank: rank 1 marks the winner when no side has an outcome',
  irm: 'an invalid result mark (`IRM`: walkover, retired, disqualified), in words from the legend',
} as const;

export type ScoreboardRole = keyof typeof SCOREBOARD_ROLES;
export const SCOREBOARD_ROLE_IDS = Object.keys(SCOREBOARD_ROLES) as ScoreboardRole[];

/** The roles a scoreboard cannot be drawn without. */
export const REQUIRED_SCOREBOARD_ROLES: readonly ScoreboardRole[] = ['name', 'score'];

/** The first section whose columns include these ids holds the unit's periods (`Competition/Periods`). */
export const PERIOD_SCORE_IDS = ['home', 'away'] as const;
