/**
 * Results System Codes (RSC): 34 characters, discipline (3) + gender (1) + event (18) + phase (4)
 * + unit (8), right-padded with "-". Documents are addressed by the RSC at their level.
 */
export const RSC_LENGTH = 34;
export const RSC_PATTERN = /^[A-Z0-9]{3}[A-Z0-9-]{31}$/;

export const padRsc = (prefix: string): string => prefix.padEnd(RSC_LENGTH, '-').slice(0, RSC_LENGTH);
export const disciplineOf = (rsc: string): string => padRsc(rsc.slice(0, 3));
export const eventOf = (rsc: string): string => padRsc(rsc.slice(0, 22));
export const phaseOf = (rsc: string): string => padRsc(rsc.slice(0, 26));

export type RscLevel = 'discipline' | 'event' | 'phase' | 'unit';

/** The level at which each document type is addressed, from a unit's (or any finer) RSC. */
export const DOCUMENT_LEVELS: Readonly<Record<string, RscLevel>> = {
  DT_RESULT: 'unit',
  DT_START_LIST: 'unit',
  DT_STATS: 'unit',
  DT_PLAY_BY_PLAY: 'unit',
  DT_PHASE_RESULT: 'phase',
  DT_POOL_STANDING: 'phase',
  DT_CUMULATIVE_RESULT: 'event',
  DT_BRACKETS: 'event',
  DT_RANKING: 'event',
  DT_RECORD: 'discipline',
  DT_MEDALLISTS: 'discipline',
  DT_PARTIC: 'discipline',
};

export function codeAtLevel(rsc: string, level: RscLevel): string {
  switch (level) {
    case 'discipline':
      return disciplineOf(rsc);
    case 'event':
      return eventOf(rsc);
    case 'phase':
      return phaseOf(rsc);
    case 'unit':
      return padRsc(rsc);
  }
}
