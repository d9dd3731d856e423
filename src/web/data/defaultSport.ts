import { defaultSportConfig } from '../../core/sports/defaultLayout';
import { resolveSport, type LegendSetData } from '../../core/sports/resolve';
import type { ResolvedSport } from '../../core/sports/types';
import irm from '../../generated/legend/irm';
import qualification from '../../generated/legend/qualification';
import records from '../../generated/legend/records';
import sharedHidden from '../../generated/sharedHidden';
import sharedLabels from '../../generated/sharedLabels';

const SETS: ReadonlyMap<string, LegendSetData> = new Map([irm, records, qualification].map((set) => [set.name, set]));

/** The generic plugin of a discipline without a sport folder, named as the feed names it. */
export function defaultSport(code: string, name: ResolvedSport['name']): ResolvedSport {
  return resolveSport(defaultSportConfig(code, name), SETS, sharedLabels, sharedHidden);
}
