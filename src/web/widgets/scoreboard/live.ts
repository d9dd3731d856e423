import { accessorFor } from '../../../core/valuePath';
import type { Layout } from '../../../core/sports/types';
import type { ViewContext } from '../../../core/views/layout';
import type { ScoreboardView } from '../../../core/views/types';

/** Result statuses of a unit that is over: no live state is read or shown. */
export const FINISHED_STATUSES: ReadonlySet<string> = new Set(['OFFICIAL', 'UNOFFICIAL', 'UNCONFIRMED', 'PROTESTED']);

/** Whether a unit with this result status may be under way (a live document is worth asking for). */
export const mayBeLive = (status: unknown): boolean =>
  typeof status === 'string' && status !== 'START_LIST' ? !FINISHED_STATUSES.has(status) : status === 'START_LIST';

/**
 * The current period and game clock of a unit being played, read by the scoreboard's `live` paths
 * from its document (DT_CURRENT's `Clock`, or the result's `UI PERIOD`); the period by its label
 * `code.<period>` when the sport has one. Nothing when the layout has no live paths or the document
 * holds neither.
 */
export function liveOf(
  layout: Layout,
  document: unknown,
  context: Pick<ViewContext, 'sport' | 'locale'>,
): ScoreboardView['live'] | undefined {
  const live = layout.live;
  if (!live || document === undefined) return undefined;
  const period = live.period ? accessorFor(live.period).text(document) : undefined;
  const clock = live.clock ? accessorFor(live.clock).text(document) : undefined;
  if (!period && !clock) return undefined;
  const label = period ? (context.sport.labels[context.locale]?.[`code.${period}`] ?? period) : undefined;
  return { ...(label ? { period: label } : {}), ...(clock ? { clock } : {}) };
}
