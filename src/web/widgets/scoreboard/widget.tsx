import type { WidgetDefinition } from '../definition';
import { Scoreboard } from './Scoreboard';

/**
 * A head-to-head unit's scoreboard (the sport's `layouts.scoreboard`), drawn above the unit's tabs.
 * It accepts a unit with two sides only: any other field has no scoreboard, and nothing is drawn.
 */
const scoreboard: WidgetDefinition = {
  accepts: (s) => s.view?.kind === 'scoreboard' && s.view.sides.length === 2,
  render: (s) =>
    s.view?.kind === 'scoreboard' ? (
      <Scoreboard view={s.view} title={s.title} {...(s.status ? { status: s.status } : {})} />
    ) : null,
};
export default scoreboard;
