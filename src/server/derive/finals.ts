import { startDay } from '../../core/schedule/order';
import type { FinalUnit, Medallist } from '../../../schemas/api';
import { medallistsOf } from './medals';
import { gamesNames } from './names';
import { allScheduleUnits } from './schedule';
import type { DerivedDocument, Deriver } from './types';

/** FINALS/{yyyy-mm-dd}: the day's medal units in schedule order, each with its event's medallists. */
export const finalsDeriver: Deriver = {
  name: 'finals',
  inputs: ['DT_SCHEDULE', 'DT_MEDALLISTS', 'DT_PARTIC', 'DT_PARTIC_TEAMS'],
  owns: ['FINALS'],
  build({ store, codeNames }) {
    const medallists = new Map<string, Medallist[]>();
    const names = gamesNames(store);
    for (const doc of store.listByType('DT_MEDALLISTS')) {
      for (const m of medallistsOf(JSON.parse(doc.body), names)) {
        const list = medallists.get(m.event) ?? [];
        list.push(m);
        medallists.set(m.event, list);
      }
    }
    const days = new Map<string, FinalUnit[]>();
    for (const unit of allScheduleUnits(store, codeNames)) {
      const day = startDay(unit.start);
      if (!unit.medal || !day) continue;
      const list = days.get(day) ?? [];
      list.push({ ...unit, medallists: medallists.get(unit.event) ?? [] });
      days.set(day, list);
    }
    return [...days].map(([date, units]): DerivedDocument => ({ type: 'FINALS', code: date, body: { date, units } }));
  },
};
