import { allEntrants } from './participants';
import { allScheduleUnits } from './schedule';
import type { DerivedDocument, Deriver } from './types';
import { UNIT_FACTS_INPUTS } from '../odf/unitFacts';

/**
 * SCHEDULE_DELEGATION/{org}: the units a delegation takes part in, in schedule order: units of the
 * events it entered, and units whose start list or result names it.
 */
export const delegationScheduleDeriver: Deriver = {
  name: 'delegationSchedule',
  inputs: ['DT_SCHEDULE', 'DT_PARTIC', 'DT_PARTIC_TEAMS', UNIT_FACTS_INPUTS.organisations],
  owns: ['SCHEDULE_DELEGATION'],
  build({ store, db, codeNames }) {
    const eventsOf = new Map<string, Set<string>>();
    for (const e of allEntrants(store)) {
      if (!e.organisation) continue;
      const set = eventsOf.get(e.organisation) ?? new Set<string>();
      for (const event of e.events) set.add(event);
      eventsOf.set(e.organisation, set);
    }
    const unitsOf = new Map<string, Set<string>>();
    for (const row of db.prepare('SELECT code, organisations FROM unit_facts').all() as {
      code: string;
      organisations: string;
    }[]) {
      for (const org of JSON.parse(row.organisations) as string[]) {
        const set = unitsOf.get(org) ?? new Set<string>();
        set.add(row.code);
        unitsOf.set(org, set);
      }
    }
    const units = allScheduleUnits(store, codeNames);
    const organisations = new Set([...eventsOf.keys(), ...unitsOf.keys()]);
    return [...organisations].sort().map((org): DerivedDocument => {
      const events = eventsOf.get(org) ?? new Set<string>();
      const direct = unitsOf.get(org) ?? new Set<string>();
      return {
        type: 'SCHEDULE_DELEGATION',
        code: org,
        body: { organisation: org, units: units.filter((u) => direct.has(u.code) || events.has(u.event)) },
      };
    });
  },
};
