import type { WidgetProps } from '../definition';
import { PoolWidget } from './PoolWidget';

/** A pool's standings and its results matrix (DT_POOL_STANDING) projected by its project.ts. */
export default function PoolStanding({ section: s }: WidgetProps) {
  return s.view?.kind === 'pool' ? <PoolWidget view={s.view} title={s.title} /> : null;
}
