import type { WidgetProps } from '../definition';
import { Scoreboard } from './Scoreboard';

/** A head-to-head unit's scoreboard (the sport's `layouts.scoreboard`), drawn above the unit's tabs. */
export default function ScoreboardWidget({ section: s }: WidgetProps) {
  return s.view?.kind === 'scoreboard' ? (
    <Scoreboard view={s.view} title={s.title} {...(s.status ? { status: s.status } : {})} />
  ) : null;
}
