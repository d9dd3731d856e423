import type { PhaseKind, ProgrammeEvent } from '../../../schemas/events';
import type { PersonName } from './people';

export interface DemoAthlete {
  code: string;
  organisation: string;
  /** A person's gender as ODF writes it (M or F; an event's gender is M, W or X). */
  gender: 'M' | 'F';
  birthDate: string;
  name: PersonName;
  bib: string;
}

/** An entrant of an event: one athlete, or a team of a delegation. */
export interface DemoCompetitor {
  code: string;
  type: 'A' | 'T';
  organisation: string;
  athletes: DemoAthlete[];
  /** Strength: lower is better; each unit adds its own noise. */
  ability: number;
}

export type ResultStatus = 'START_LIST' | 'LIVE' | 'UNOFFICIAL' | 'OFFICIAL';
export type ScheduleStatus = 'SCHEDULED' | 'RUNNING' | 'FINISHED';

export interface DemoUnit {
  code: string;
  phase: PhaseKind;
  /** Group letter (A to F) of a group-stage unit. */
  group?: string;
  name: { zh_CN: string; en_US: string };
  start: string;
  end: string;
  order: number;
  medal: boolean;
  scheduleStatus: ScheduleStatus;
  /** Absent while the competitors are not known yet (a knockout match waiting for its winners). */
  resultStatus?: ResultStatus;
  /** Competitors in start order. */
  entrants: DemoCompetitor[];
  /** Competitors in rank order, once the unit has results. */
  ranking: DemoCompetitor[];
  /** A head-to-head match rather than a race or a round. */
  match: boolean;
  /** A match its loser did not start (written from the sport's walkover example). */
  walkover?: boolean;
  /** Scores of a match, by entrant, and per period. */
  scores?: { total: number; periods: number[] }[];
}

export interface DemoEvent {
  rsc: string;
  spec: ProgrammeEvent;
  entrants: DemoCompetitor[];
  units: DemoUnit[];
  /** Typical speed (m/s) of the sport's races, from its programme. */
  speed?: number;
  /** The player statistic that counts scores (`scoring.scorerStat` of its programme). */
  scorerStat?: string;
  /** Final standings once the event is over: gold, silver, bronze (two bronzes where two are awarded). */
  medals?: { gold: DemoCompetitor; silver: DemoCompetitor; bronze: DemoCompetitor[] };
}
