import { COMPETITOR_BUCKET_PATTERN } from '../../core/competitorBucket';
import type { ResolvedSport } from '../../core/sports/types';
import { commonCodeDeriver } from './commonCode';
import { competitorsDeriver } from './competitors';
import { competitorResultsDeriver } from './competitorsResults';
import { delegationScheduleDeriver } from './delegationSchedule';
import { finalsDeriver } from './finals';
import { medalsDeriver } from './medals';
import { namesDeriver } from './names';
import { participantsDeriver } from './participants';
import { recordsDeriver } from './records';
import { reportsDeriver } from './reports';
import { scheduleDeriver } from './schedule';
import type { Deriver } from './types';

/** Every deriver of the service, in the order they run. */
export function allDerivers(sports: readonly ResolvedSport[]): Deriver[] {
  return [
    scheduleDeriver(sports),
    finalsDeriver,
    medalsDeriver,
    recordsDeriver,
    namesDeriver,
    participantsDeriver,
    delegationScheduleDeriver,
    reportsDeriver,
    competitorsDeriver,
    competitorResultsDeriver,
    commonCodeDeriver(sports),
  ];
}

/**
 * Derived document types and the codes they are addressed by (validated before any look-up). A Map:
 * a type comes from a URL, and `__proto__` or `constructor` must not find an object's prototype.
 */
export const DERIVED_TYPES: ReadonlyMap<string, RegExp> = new Map(
  Object.entries({
    SCHEDULE: /^ALL$/,
    SCHEDULE_DAY: /^(\d{4}-\d{2}-\d{2}|UNSCHEDULED)$/,
    SCHEDULE_DISCIPLINE: /^[A-Z0-9]{3}-{31}$/,
    SCHEDULE_DELEGATION: /^[A-Z0-9]{2,10}$/,
    SCHEDULE_GRID: /^ALL$/,
    SCHEDULE_NON: /^ALL$/,
    FINALS: /^\d{4}-\d{2}-\d{2}$/,
    MEDALLISTS: /^ALL$/,
    MEDAL_TALLY: /^ALL$/,
    RECORDS: /^ALL$/,
    PARTICIPANTS: /^([A-Z0-9]{2,10}|[A-Z0-9]{3}-{31})$/,
    ENTRIES: /^([A-Z0-9]{2,10}|[A-Z0-9]{3}-{31})$/,
    DELEGATION: /^[A-Z0-9]{2,10}$/,
    REPORT_LIST: /^(ALL|[A-Z0-9]{3}[A-Z0-9-]{31})$/,
    REPORT_COUNTS: /^ALL$/,
    COMMON_CODE: /^[a-zA-Z]{2,40}$/,
    COMPETITORS: /^(INDIVIDUALS|TEAMS)$/,
    COMPETITOR_PROFILES: COMPETITOR_BUCKET_PATTERN,
    COMPETITOR_RESULTS: COMPETITOR_BUCKET_PATTERN,
    NAMES: /^[A-Z0-9]{3}[A-Z0-9-]{19}-{12}$/,
  }),
);
