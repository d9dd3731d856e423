import type { MedalColour } from '../../core/views/types';
import { defineCell } from '../definition';
import { EMPTY, richCell, scalars } from '../values';

/** The medal a rank wins in a medal unit (two bronzes share rank 3 where a sport has them). */
const MEDAL_OF_RANK: Readonly<Record<string, MedalColour>> = { '1': 'gold', '2': 'silver', '3': 'bronze' };

/** A rank: `=` when the row's RankEqual is Y, and its medal in a medal unit's settled result. */
export default defineCell({
  sort: 'number',
  priority: 'essential',
  project: (values, row, context) => {
    const rank = scalars(values)[0];
    if (!rank) return EMPTY;
    const equal = typeof row === 'object' && row !== null && (row as Record<string, unknown>).RankEqual === 'Y';
    const medal = context.medalRanks ? MEDAL_OF_RANK[rank] : undefined;
    return richCell({ text: rank, ...(equal ? { equal: true } : {}), ...(medal ? { medal } : {}) });
  },
});
