import type { WidgetDefinition } from '../definition';
import { PoolWidget } from './PoolWidget';

/** A pool's standings and its results matrix (DT_POOL_STANDING) projected by its project.ts. */
const poolStanding: WidgetDefinition = {
  accepts: (s) => s.view?.kind === 'pool',
  render: (s) => (s.view?.kind === 'pool' ? <PoolWidget view={s.view} title={s.title} /> : null),
};
export default poolStanding;
